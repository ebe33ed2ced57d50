import { sql } from 'kysely';
import type { Selectable, Transaction } from 'kysely';
import {
  MEMBER_PAY_METHOD,
  RECHARGE_OPTIONS_YUAN,
  type MemberPackage,
  type MemberPayOrder,
} from '@shared/contract/membership';
import type { Database, MemberPackagesTable } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { addYears } from '../../platform/china-time';
import { accountStatement, platformRevenue, postTransfers, userBalance } from '../finance/ledger';
import type { PayDeps } from '../orders/payment-service';
import { fulfilDosing } from './dosing-service';
import { BALANCE_LINE_TITLES, MEMBER_MSG } from './messages';
import { createServicePayment } from './service-payment';

// Membership packages, buying and renewing them, recharging the balance, and the quotas a
// membership grants (docs/membership.md). Payments go through the orders module's payments: a
// payment's purpose says what it pays for, and applyPayment calls fulfilServiceOrder here.

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (text: string | null) => (text ? Date.parse(text) : 0);

/**
 * Member packages, dearest tier first, each with its authority items (two queries whatever the
 * count): the shop's list and the back office's read them alike.
 */
export async function readPackages(
  deps: Pick<PayDeps, 'db'>,
  filter: { enabledOnly?: boolean; type?: number; source?: number; id?: number },
): Promise<(Selectable<MemberPackagesTable> & { authList: MemberPackage['authList'] })[]> {
  let q = deps.db.selectFrom('member_packages').selectAll();
  if (filter.enabledOnly) q = q.where('enabled', '=', 1);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  if (filter.source !== undefined) q = q.where('source', '=', filter.source);
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  const packages = await q.orderBy('tier_fen', 'desc').orderBy('sort').orderBy('id').execute();
  if (packages.length === 0) return [];
  const auths = await deps.db
    .selectFrom('member_package_auths')
    .selectAll()
    .where(
      'package_id',
      'in',
      packages.map((p) => p.id),
    )
    .orderBy('id')
    .execute();
  return packages.map((p) => ({
    ...p,
    authList: auths
      .filter((a) => a.package_id === p.id)
      .map((a) => ({
        authorityId: a.id,
        code: a.code,
        title: a.title,
        count: a.count,
        unitName: a.unit_name,
        computeMode: a.compute_mode,
      })),
  }));
}

/** The packages on sale (enabled), by type and source. */
export async function packageList(
  deps: Pick<PayDeps, 'db'>,
  filter: { type?: number; source?: number } = {},
): Promise<MemberPackage[]> {
  const packages = await readPackages(deps, { ...filter, enabledOnly: true });
  return packages.map((p) => ({
    id: p.id,
    title: p.title,
    price: p.tier_fen / 100,
    description: p.description,
    authList: p.authList,
  }));
}

/** §7 GetMemberPackageConfig: plans keyed by tier (yuan). */
export async function packageConfig(
  deps: Pick<PayDeps, 'db'>,
): Promise<Record<string, { id: number; title: string }[]>> {
  const packages = await packageList(deps);
  if (packages.length === 0) throw AppError.notFound(MEMBER_MSG.noPackages);
  const config: Record<string, { id: number; title: string }[]> = {};
  for (const p of packages) (config[String(p.price)] ??= []).push({ id: p.id, title: p.title });
  return config;
}

/** §7 GetMemberQRCode: a membership of a package for 1–3 years, priced tier × years. */
export async function memberQrCode(
  deps: PayDeps,
  userId: number,
  input: { typeId: number; payMethod: 1 | 2 | 4; amount: number },
  origin: string,
): Promise<MemberPayOrder> {
  const pkg = await deps.db
    .selectFrom('member_packages')
    .selectAll()
    .where('id', '=', input.typeId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!pkg) throw AppError.notFound(MEMBER_MSG.packageGone);
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
      kind: 'membership',
      packageId: pkg.id,
      years: input.amount,
      amountFen: pkg.tier_fen * input.amount,
      subject: MEMBER_MSG.subjectMembership(pkg.title, input.amount),
    },
    channel,
    input.payMethod,
    origin,
  );
}

/** A recharge of the balance by one of the offered amounts or any whole amount in range. */
export async function rechargeQrCode(
  deps: PayDeps,
  userId: number,
  input: { amountFen: number; payMethod: number },
  origin: string,
): Promise<MemberPayOrder> {
  const channel = input.payMethod === 1 ? 'wechat' : input.payMethod === 2 ? 'alipay' : 'bank';
  return createServicePayment(
    deps,
    {
      userId,
      kind: 'recharge',
      packageId: null,
      years: null,
      amountFen: input.amountFen,
      subject: MEMBER_MSG.subjectRecharge,
    },
    channel,
    input.payMethod,
    origin,
  );
}

export const rechargeOptions = () =>
  RECHARGE_OPTIONS_YUAN.map((yuan) => ({
    amountFen: yuan * 100,
    title: MEMBER_MSG.rechargeOption(yuan),
  }));

/**
 * Fulfils a paid membership or recharge inside applyPayment's transaction (the money is already in
 * the user's balance account). A membership moves it to revenue, extends the membership from the
 * later of now and the current end, and grants its quotas; a recharge leaves it in the balance.
 * An add-on pack adds its units to the running quota (dosing-service.ts). At most once: the order
 * moves pending → paid by a conditional update.
 */
export async function fulfilServiceOrder(
  trx: Transaction<Database>,
  orderNo: string,
  nowMs: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const nowIso = iso(nowMs);
  const order = await trx
    .selectFrom('service_orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  const moved = await trx
    .updateTable('service_orders')
    .set({ state: 'paid', paid_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1)
    return { ok: false, reason: MEMBER_MSG.orderClosedRefund };
  if (order.kind === 'dosing') return fulfilDosing(trx, order, nowMs);
  if (order.kind !== 'membership' || order.package_id === null || order.years === null) {
    return { ok: true };
  }
  await postTransfers(
    trx,
    [
      {
        id: `member:${orderNo}`,
        debit: userBalance(order.user_id),
        credit: platformRevenue,
        amountFen: order.amount_fen,
        kind: 'membership',
        orderNo,
      },
    ],
    nowIso,
  );
  const user = await trx
    .selectFrom('users')
    .select(['vip_end_time', 'member_type'])
    .where('id', '=', order.user_id)
    .executeTakeFirstOrThrow();
  const from = Math.max(nowMs, user.member_type > 0 ? ms(user.vip_end_time) : 0);
  const end = addYears(from, order.years);
  await trx
    .updateTable('users')
    .set({ member_type: 1, vip_end_time: iso(end), updated_at: nowIso })
    .where('id', '=', order.user_id)
    .execute();
  await trx
    .updateTable('service_orders')
    .set({ vip_end_before: user.vip_end_time, vip_end_after: iso(end) })
    .where('order_no', '=', orderNo)
    .execute();
  const auths = await trx
    .selectFrom('member_package_auths')
    .selectAll()
    .where('package_id', '=', order.package_id)
    .execute();
  for (const a of auths) {
    const grant = a.compute_mode === 'fixed' ? a.count : a.count * order.years;
    await trx
      .insertInto('user_auths')
      .values({
        user_id: order.user_id,
        code: a.code,
        title: a.title,
        unit_name: a.unit_name,
        total: grant,
        remain: grant,
        end_time: iso(end),
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'code']).doUpdateSet({
          // An expired quota starts again; a running one adds up.
          total: sql<number>`case when user_auths.end_time < ${nowIso} then ${grant} else user_auths.total + ${grant} end`,
          remain: sql<number>`case when user_auths.end_time < ${nowIso} then ${grant} else user_auths.remain + ${grant} end`,
          end_time: iso(end),
          title: a.title,
          unit_name: a.unit_name,
        }),
      )
      .execute();
  }
  return { ok: true };
}

/** §7 PayPCOrderQuery: the new membership end when paid; code 0 (等待支付) until then. */
export async function memberPayResult(
  deps: Pick<PayDeps, 'db'>,
  userId: number,
  payOrderNo: string,
): Promise<{ payOrderNo: string; vipEndTime: number }> {
  const payment = await deps.db
    .selectFrom('payments as p')
    .innerJoin('service_orders as o', 'o.order_no', 'p.order_no')
    .leftJoin('refunds as r', 'r.pay_order_no', 'p.pay_order_no')
    .select(['p.state', 'o.vip_end_after', 'r.reason'])
    .where('p.pay_order_no', '=', payOrderNo)
    .where('p.buyer_id', '=', userId)
    .executeTakeFirst();
  if (!payment) throw AppError.notFound(MEMBER_MSG.paymentNotFound);
  // Paid but not fulfilled (the order had closed, a pack's membership had ended): say so, stop polling.
  if (payment.state === 'refunded') {
    throw AppError.rule(payment.reason ?? MEMBER_MSG.orderClosedRefund);
  }
  if (payment.state !== 'paid')
    // Not a failure, not yet a success: code 0 (spec §7), HTTP 202 so the success schema does not apply.
    throw new AppError(0, MEMBER_MSG.waiting, 202);
  return { payOrderNo, vipEndTime: ms(payment.vip_end_after) };
}

export type AuthItem = {
  authCode: string;
  authTitle: string;
  authValue: number;
  unit: string;
  remainValue: number;
  endTime: number;
};

/** The user's quotas still running; T13 is not listed among one's own benefits (spec §3). */
export async function authList(
  deps: Pick<PayDeps, 'db' | 'now'>,
  userId: number,
  options: { includeHidden?: boolean } = {},
): Promise<AuthItem[]> {
  const rows = await deps.db
    .selectFrom('user_auths')
    .selectAll()
    .where('user_id', '=', userId)
    .where('end_time', '>', iso(deps.now()))
    .orderBy('code')
    .execute();
  return rows
    .filter((r) => options.includeHidden || r.code !== 'T13')
    .map((r) => ({
      authCode: r.code,
      authTitle: r.title,
      authValue: r.total,
      unit: r.unit_name,
      remainValue: r.remain,
      endTime: ms(r.end_time),
    }));
}

/**
 * Spends `units` of a quota in one conditional update (never read-then-write): false when it is
 * used up or expired, and nothing changes.
 */
export async function spendQuota(
  trx: Transaction<Database> | PayDeps['db'],
  userId: number,
  code: string,
  nowMs: number,
  units = 1,
): Promise<boolean> {
  const spent = await trx
    .updateTable('user_auths')
    .set({ remain: sql<number>`remain - ${units}` })
    .where('user_id', '=', userId)
    .where('code', '=', code)
    .where('remain', '>=', units)
    .where('end_time', '>', iso(nowMs))
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** The balance and its statement: every ledger line of the user's balance account. */
export async function balanceInfo(
  deps: Pick<PayDeps, 'db'>,
  userId: number,
  page: { pageIndex: number; pageSize: number },
) {
  const statement = await accountStatement(deps.db, userBalance(userId).code, page);
  return {
    balanceFen: statement.balanceFen,
    total: statement.total,
    list: statement.lines.map((l) => ({ ...l, title: BALANCE_LINE_TITLES[l.kind] ?? l.kind })),
  };
}
