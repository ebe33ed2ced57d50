import { sql } from 'kysely';
import type { Selectable, Transaction } from 'kysely';
import { MEMBER_PAY_METHOD } from '@shared/contract/membership';
import type { DosingPackage, MemberPayOrder } from '@shared/contract/membership';
import type { Database, ServiceOrdersTable } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { platformRevenue, postTransfers, userBalance } from '../finance/ledger';
import type { PayDeps } from '../orders/payment-service';
import { MEMBER_MSG } from './messages';
import { createServicePayment } from './service-payment';

// Add-on quota packs (加量包, docs/membership.md): a member buys more units of one authority item;
// they run until the membership ends. Only members buy them: checked when the QR is made and again
// when the payment arrives (a membership may have ended meanwhile; then the payment is refunded).

const iso = (ms: number) => new Date(ms).toISOString();

/** The membership's end (ms) if it is running at `nowMs`, else null. */
export async function runningMembershipEnd(
  db: PayDeps['db'] | Transaction<Database>,
  userId: number,
  nowMs: number,
): Promise<number | null> {
  const user = await db
    .selectFrom('users')
    .select(['member_type', 'vip_end_time'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const end = user?.vip_end_time ? Date.parse(user.vip_end_time) : 0;
  return user && user.member_type > 0 && end > nowMs ? end : null;
}

/** §7 Package/GetDosingPackageList: the packs on sale, in the admin's order. */
export async function dosingPackageList(deps: Pick<PayDeps, 'db'>): Promise<DosingPackage[]> {
  const rows = await deps.db
    .selectFrom('dosing_packages')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    authCode: r.auth_code,
    authTitle: r.auth_title,
    count: r.count,
    unitName: r.unit_name,
    priceFen: r.price_fen,
    description: r.description,
  }));
}

/** Buys a pack: a service order of kind 'dosing' paid by QR or bank transfer like a membership. */
export async function dosingQrCode(
  deps: PayDeps,
  userId: number,
  input: { dosingId: number; payMethod: 1 | 2 | 4 },
  origin: string,
): Promise<MemberPayOrder> {
  const pack = await deps.db
    .selectFrom('dosing_packages')
    .selectAll()
    .where('id', '=', input.dosingId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!pack) throw AppError.notFound(MEMBER_MSG.dosingGone);
  if ((await runningMembershipEnd(deps.db, userId, deps.now())) === null) {
    throw AppError.rule(MEMBER_MSG.dosingMembersOnly);
  }
  const channel =
    input.payMethod === MEMBER_PAY_METHOD.wechat
      ? 'wechat'
      : input.payMethod === MEMBER_PAY_METHOD.alipay
        ? 'alipay'
        : 'bank';
  return createServicePayment(
    deps,
    {
      userId,
      kind: 'dosing',
      packageId: pack.id,
      years: null,
      amountFen: pack.price_fen,
      subject: MEMBER_MSG.subjectDosing(pack.title),
    },
    channel,
    input.payMethod,
    origin,
  );
}

/**
 * Fulfils a paid pack inside applyPayment's transaction, after fulfilServiceOrder moved the order
 * to paid: the money goes to revenue and the units are added to the running quota (a new or expired
 * one starts with the pack and ends with the membership). No running membership: refunded.
 */
export async function fulfilDosing(
  trx: Transaction<Database>,
  order: Selectable<ServiceOrdersTable>,
  nowMs: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const nowIso = iso(nowMs);
  const memberEnd = await runningMembershipEnd(trx, order.user_id, nowMs);
  const pack =
    order.package_id === null
      ? undefined
      : await trx
          .selectFrom('dosing_packages')
          .selectAll()
          .where('id', '=', order.package_id)
          .executeTakeFirst();
  if (memberEnd === null || !pack) {
    await trx
      .updateTable('service_orders')
      .set({ state: 'refunded' })
      .where('order_no', '=', order.order_no)
      .execute();
    return { ok: false, reason: pack ? MEMBER_MSG.dosingMembersOnly : MEMBER_MSG.dosingGone };
  }
  await postTransfers(
    trx,
    [
      {
        id: `dosing:${order.order_no}`,
        debit: userBalance(order.user_id),
        credit: platformRevenue,
        amountFen: order.amount_fen,
        kind: 'dosing',
        orderNo: order.order_no,
      },
    ],
    nowIso,
  );
  const endIso = iso(memberEnd);
  await trx
    .insertInto('user_auths')
    .values({
      user_id: order.user_id,
      code: pack.auth_code,
      title: pack.auth_title,
      unit_name: pack.unit_name,
      total: pack.count,
      remain: pack.count,
      end_time: endIso,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'code']).doUpdateSet({
        // An expired quota starts again with the pack; a running one adds up and keeps the later end.
        total: sql<number>`case when user_auths.end_time < ${nowIso} then ${pack.count} else user_auths.total + ${pack.count} end`,
        remain: sql<number>`case when user_auths.end_time < ${nowIso} then ${pack.count} else user_auths.remain + ${pack.count} end`,
        end_time: sql<string>`case when user_auths.end_time < ${endIso} then ${endIso} else user_auths.end_time end`,
      }),
    )
    .execute();
  return { ok: true };
}
