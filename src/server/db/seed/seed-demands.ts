import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../modules/accounts/password';
import { adopt, refuse, signUp, submit } from '../../modules/demands/manuscript-service';
import { publish } from '../../modules/demands/demand-service';
import { memberQrCode, rechargeQrCode } from '../../modules/membership/membership-service';
import type { PaymentChannels } from '../../modules/orders/payment-service';
import { handleNotification } from '../../modules/orders/payment-service';
import type { CommerceConfig } from '../../modules/orders/order-service';
import { DEMO_DESIGNERS, DEMO_PASSWORD } from './demo-catalogue';
import { PALETTES, renderPattern } from './pattern-art';
import { seedMarkerSet, setSeedMarker } from './seed-marker';

// The demo's custom-pattern demands (docs/demands.md), made through the real paths: a demo customer
// recharges and buys a membership by sandbox payments, publishes demands (a 定制需求发布 unit each,
// rewards held in escrow from the balance), demo designers sign up and submit manuscripts drawn by
// the art generator, and one is adopted (paid from escrow) and one refused. So the demand centre's
// figures, the balances and the ledger agree.

const MARKER = 'seed:demands';
const DAY = 86_400_000;

/** The demo customer who posts demands (a member with a balance; password as the other demo accounts). */
export const DEMO_DEMAND_CUSTOMER = { phone: '13700000003', name: '苏州锦程家纺' };

type Deps = Pick<AppDeps, 'db' | 'now' | 'storage' | 'production'> & {
  commerce: CommerceConfig;
  payments: PaymentChannels;
};

const DEMANDS = [
  {
    title: '婴童床品小碎花四方连续',
    kid: 201,
    type: 1,
    description:
      '用于婴儿床品四件套与睡袋，面料为 40 支全棉。\n风格：小碎花或小动物，柔和的粉、蓝、奶白配色，避免高饱和色。\n要求：四方连续，循环尺寸 64×64cm，交付 300dpi 分层 PSD 或 AI。',
    rewardFen: 80_000,
    quota: 2,
    days: 21,
    ageDays: 3,
  },
  {
    title: '新中式窗帘提花纹样改稿',
    kid: 202,
    type: 2,
    description:
      '我们有一款回纹与祥云的窗帘提花纹样，需要在保留构图的前提下调整为低饱和的米驼色系，并把回纹线条改细，适合客厅大面积使用。\n交付：可直接用于提花打样的分色稿。',
    rewardFen: 50_000,
    quota: 1,
    days: 14,
    ageDays: 6,
  },
  {
    title: '跨境丝巾系列配色延展（6 套）',
    kid: 601,
    type: 3,
    description:
      '现有一款几何丝巾图案，需要延展出 6 套季节配色，面向欧美跨境市场：春樱粉、夏海蓝、秋焦糖、冬墨绿各一套，另两套自由发挥。\n尺寸 90×90cm，每套单独交付。',
    rewardFen: 30_000,
    quota: 3,
    days: 30,
    ageDays: 1,
  },
] as const;

async function demoCustomer(deps: Deps): Promise<number> {
  const found = await deps.db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', DEMO_DEMAND_CUSTOMER.phone)
    .executeTakeFirst();
  if (found) return found.id;
  const now = new Date(deps.now()).toISOString();
  const row = await deps.db
    .insertInto('users')
    .values({
      cai_hong_id: String(10_000_000 + 7919 * 97),
      phone: DEMO_DEMAND_CUSTOMER.phone,
      // No known password in production (docs/security.md).
      password_hash: deps.production ? null : await hashPassword(DEMO_PASSWORD),
      user_name: DEMO_DEMAND_CUSTOMER.name,
      head_img: '',
      org_flag: 2,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Pays a sandbox QR order the way the provider's notification would. */
async function paySandbox(deps: Deps, payOrderNo: string, amountFen: number): Promise<void> {
  const sandbox = deps.payments.sandbox;
  if (!sandbox) throw new Error('no sandbox');
  const raw = sandbox.buildNotification(payOrderNo, amountFen, randomBytes(8).toString('hex'));
  await handleNotification(deps, 'sandbox', raw);
}

/** A designer's upload of a generated pattern, stored and recorded as GenPostPolicy uploads are. */
async function uploadPattern(deps: Deps, userId: number, seed: number): Promise<string> {
  const body = await renderPattern(
    {
      style: (['floral', 'geometric', 'paisley', 'watercolor'] as const)[seed % 4]!,
      palette: PALETTES[seed % PALETTES.length]!,
      seed: 9_000 + seed,
      seamless: true,
    },
    800,
  );
  const meta = await sharp(body).metadata();
  const sha256 = createHash('sha256').update(body).digest('hex');
  const fileKey = `private/uploads/${userId}/${sha256.slice(0, 2)}/${sha256}.png`;
  await deps.storage.put(fileKey, body, 'image/png');
  await deps.db
    .insertInto('uploads')
    .values({
      user_id: userId,
      file_key: fileKey,
      sha256,
      size: body.length,
      width: meta.width ?? 800,
      height: meta.height ?? 800,
      format: 'png',
      created_at: new Date(deps.now()).toISOString(),
    })
    .execute();
  return fileKey;
}

export async function seedDemands(
  deps: Deps,
  log: (line: string) => void = () => undefined,
): Promise<{ created: boolean; demands: number }> {
  const { db } = deps;
  if ((await seedMarkerSet(db, MARKER)) || !deps.payments.sandbox) {
    return { created: false, demands: 0 };
  }
  const pkg = await db
    .selectFrom('member_packages')
    .select('id')
    .where('tier_fen', '=', 980_000)
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  const designers = await db
    .selectFrom('users')
    .select('id')
    .where(
      'phone',
      'in',
      DEMO_DESIGNERS.slice(0, 4).map((d) => d.phone),
    )
    .orderBy('id')
    .execute();
  if (!pkg || designers.length < 3) return { created: false, demands: 0 };

  const customerId = await demoCustomer(deps);
  const origin = 'http://127.0.0.1';
  const recharge = await rechargeQrCode(
    deps,
    customerId,
    { amountFen: 3_000_000, payMethod: 1 },
    origin,
  );
  await paySandbox(deps, recharge.payOrderNo, recharge.amountFen);
  const member = await memberQrCode(
    deps,
    customerId,
    { typeId: pkg.id, payMethod: 2, amount: 1 },
    origin,
  );
  await paySandbox(deps, member.payOrderNo, member.amountFen);

  const now = deps.now();
  let seed = 0;
  const ids: number[] = [];
  for (const [i, d] of DEMANDS.entries()) {
    const at = { ...deps, now: () => now - d.ageDays * DAY };
    const { demandId } = await publish(at, customerId, {
      requestId: `seed-demand-${i + 1}`,
      title: d.title,
      kid: d.kid,
      type: d.type,
      description: d.description,
      rewardFen: d.rewardFen,
      quota: d.quota,
      days: d.days,
      referenceKeys: [],
    });
    ids.push(demandId);
    // Designers sign up and send a manuscript or two over the following hours.
    for (const [j, designer] of designers.entries()) {
      if ((i + j) % 4 === 3) continue;
      const later = { ...deps, now: () => now - d.ageDays * DAY + (j + 1) * 3_600_000 };
      await signUp(later, designer.id, { demandId });
      if (j % 2 === 0 || i === 0) {
        const fileKey = await uploadPattern(deps, designer.id, ++seed);
        await submit(later, designer.id, { demandId, fileKey, note: '循环无缝，可按需要调整配色' });
      }
    }
  }
  // The first demand: one manuscript adopted, one refused with a reason.
  const first = await db
    .selectFrom('demand_manuscripts')
    .select('id')
    .where('demand_id', '=', ids[0]!)
    .orderBy('id')
    .execute();
  if (first[0]) await adopt(deps, customerId, { manuscriptId: first[0].id });
  if (first[1]) {
    await refuse(deps, customerId, {
      manuscriptId: first[1].id,
      reason: '花型偏大，婴童床品希望更细碎一些',
    });
  }
  await setSeedMarker(db, MARKER);
  log(`演示定制需求已生成：${ids.length} 个`);
  return { created: true, demands: ids.length };
}
