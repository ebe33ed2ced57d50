import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { CommerceConfig } from '../../modules/orders/order-service';
import { submitOrder } from '../../modules/orders/order-service';
import type { PaymentChannels } from '../../modules/orders/payment-service';
import { createPayment, handleNotification } from '../../modules/orders/payment-service';
import { createRandom } from '../../platform/seeded-random';
import { DEMO_BUYERS } from './demo-catalogue';
import { seedMarkerSet, setSeedMarker } from './seed-marker';

// The demo's sales, made through the real order path: each is a submitted order paid by a
// sandbox payment whose notification goes through the same verification and ledger as a real
// one. So 已售 on a work, the designer's sale records and the ledger all agree (issue 11).

const MARKER = 'seed:sales';
/** Companies that bought in the demo; they have no password and cannot sign in. */
const DEMO_CUSTOMERS = [
  '绍兴柯桥印染有限公司',
  '义乌小商品家纺店',
  '广州童趣服饰',
  '深圳跨境优品',
  '南通家纺集团',
  '宁波箱包制造',
];
/** Sales are spread over this many days before the seed runs. */
const SPREAD_DAYS = 120;

export async function seedSales(
  deps: Pick<AppDeps, 'db' | 'now'> & { commerce: CommerceConfig; payments: PaymentChannels },
  log: (line: string) => void = () => undefined,
): Promise<{ created: boolean; orders: number }> {
  const { db } = deps;
  if (await seedMarkerSet(db, MARKER)) return { created: false, orders: 0 };
  const licences = await db.selectFrom('work_licences').select('id').limit(1).execute();
  // Nothing to sell yet (the demo and discovery seeds come first), or no sandbox to pay with.
  if (licences.length === 0 || !deps.payments.sandbox) return { created: false, orders: 0 };

  const now = deps.now();
  const nowIso = new Date(now).toISOString();
  const buyerIds: number[] = [];
  for (const b of DEMO_BUYERS) {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', b.phone)
      .executeTakeFirst();
    if (row) buyerIds.push(row.id);
  }
  for (const [i, name] of DEMO_CUSTOMERS.entries()) {
    const row = await db
      .insertInto('users')
      .values({
        cai_hong_id: String(20_000_000 + (i + 1) * 7919),
        phone: null,
        password_hash: null,
        user_name: name,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    buyerIds.push(row.id);
  }

  // The planned sales of each work (the catalogue seed’s popularity, a twentieth of it), then every
  // count starts from zero and grows only as the orders below are paid.
  const works = await db
    .selectFrom('works')
    .select(['id', 'sale_count', 'designer_id'])
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
  await db.updateTable('works').set({ sale_count: 0 }).execute();
  const options = await db
    .selectFrom('work_licences')
    .select(['id', 'work_id', 'kind'])
    .where('kind', '!=', 'category_exclusive')
    .execute();
  const byWork = new Map<number, number[]>();
  for (const o of options) byWork.set(o.work_id, [...(byWork.get(o.work_id) ?? []), o.id]);

  const random = createRandom(20261124);
  const plan = works.flatMap((w) =>
    Array.from({ length: Math.min(15, Math.round(w.sale_count / 20)) }, (_, n) => ({ work: w, n })),
  );
  log(`正在生成演示销售：${plan.length} 笔沙箱支付订单……`);
  let orders = 0;
  for (const { work, n } of plan) {
    const licenceIds = byWork.get(work.id);
    if (!licenceIds || licenceIds.length === 0) continue;
    const buyerId = buyerIds[Math.floor(random() * buyerIds.length)]!;
    const at = now - Math.floor(random() * SPREAD_DAYS * 86_400_000);
    const past = { ...deps, now: () => at };
    const licenceId = licenceIds[random() < 0.8 ? 0 : licenceIds.length - 1]!;
    const order = await submitOrder(past, buyerId, {
      creationId: work.id,
      licenceId,
      categoryKids: [],
      keywords: [],
      customKey: '',
      termYears: random() < 0.85 ? 1 : 2,
      idemKey: `seed-${work.id}-${n}`,
      agreed: true,
    });
    const pay = await createPayment(
      past,
      buyerId,
      order.orderNo,
      random() < 0.6 ? 1 : 2,
      'http://127.0.0.1',
    );
    const raw = deps.payments.sandbox.buildNotification(
      pay.payOrderNo,
      pay.amountFen,
      randomBytes(8).toString('hex'),
    );
    const result = await handleNotification(past, 'sandbox', raw);
    if (result.applied?.outcome === 'paid') orders += 1;
  }
  await setSeedMarker(db, MARKER);
  return { created: true, orders };
}
