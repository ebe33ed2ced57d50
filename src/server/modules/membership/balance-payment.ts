import { createHash } from 'node:crypto';
import { PAY_METHOD } from '@shared/contract/orders';
import { AppError } from '../../http/app-error';
import { InsufficientFunds, balanceOf, userBalance } from '../finance/ledger';
import type { PayDeps } from '../orders/payment-service';
import { runningMembershipEnd } from './dosing-service';
import { MEMBER_MSG } from './messages';

// Paying a membership or an add-on pack from the balance (docs/membership.md). The service order
// and its payment are written in one transaction that also runs the purpose's fulfiler — the same
// one a QR payment's notification runs — so the vip end, the quotas and the ledger are booked
// exactly as for a QR payment. The money leaves the non-negative balance account by the ledger's
// conditional update: a short balance (also when concurrent payments spent it) rolls everything
// back. The client's requestKey names the purchase: the payment and order numbers are derived from
// it, so a double click or a retry hits the unique keys and answers the first result.

const iso = (ms: number) => new Date(ms).toISOString();

export type BalancePayInput = {
  kind: 'membership' | 'dosing';
  id: number;
  amount: number;
  requestKey: string;
};

export type BalancePaid = {
  payOrderNo: string;
  orderNo: string;
  amountFen: number;
  vipEndTime: number;
  balanceFen: number;
};

/** The payment and order numbers of one purchase: the same key gives the same numbers. */
export function balancePayNumbers(
  userId: number,
  input: Pick<BalancePayInput, 'kind' | 'requestKey'>,
) {
  const hash = createHash('sha256')
    .update(`${userId}:${input.kind}:${input.requestKey}`)
    .digest('hex')
    .toUpperCase();
  return {
    payOrderNo: `PY${hash.slice(0, 26)}`,
    orderNo: `${input.kind === 'membership' ? 'VM' : 'VD'}${hash.slice(26, 52)}`,
  };
}

async function paidResult(
  deps: Pick<PayDeps, 'db'>,
  userId: number,
  payOrderNo: string,
): Promise<BalancePaid | null> {
  const row = await deps.db
    .selectFrom('payments as p')
    .innerJoin('service_orders as o', 'o.order_no', 'p.order_no')
    .select(['p.pay_order_no', 'p.order_no', 'p.amount_fen', 'o.vip_end_after'])
    .where('p.pay_order_no', '=', payOrderNo)
    .where('p.buyer_id', '=', userId)
    .where('p.state', '=', 'paid')
    .executeTakeFirst();
  if (!row) return null;
  return {
    payOrderNo: row.pay_order_no,
    orderNo: row.order_no,
    amountFen: row.amount_fen,
    vipEndTime: row.vip_end_after ? Date.parse(row.vip_end_after) : 0,
    balanceFen: await balanceOf(deps.db, userBalance(userId).code),
  };
}

/** What the purchase costs, priced on the server; refused when it cannot be bought. */
async function price(
  deps: PayDeps,
  userId: number,
  input: BalancePayInput,
): Promise<{ packageId: number; years: number | null; amountFen: number }> {
  if (input.kind === 'membership') {
    const pkg = await deps.db
      .selectFrom('member_packages')
      .select(['id', 'tier_fen'])
      .where('id', '=', input.id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (!pkg) throw AppError.notFound(MEMBER_MSG.packageGone);
    return { packageId: pkg.id, years: input.amount, amountFen: pkg.tier_fen * input.amount };
  }
  const pack = await deps.db
    .selectFrom('dosing_packages')
    .select(['id', 'price_fen'])
    .where('id', '=', input.id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!pack) throw AppError.notFound(MEMBER_MSG.dosingGone);
  if ((await runningMembershipEnd(deps.db, userId, deps.now())) === null) {
    throw AppError.rule(MEMBER_MSG.dosingMembersOnly);
  }
  return { packageId: pack.id, years: null, amountFen: pack.price_fen };
}

/** Pays a membership (tier × years) or a pack from the balance; 余额不足 changes nothing. */
export async function payByBalance(
  deps: PayDeps,
  userId: number,
  input: BalancePayInput,
): Promise<BalancePaid> {
  const { payOrderNo, orderNo } = balancePayNumbers(userId, input);
  const earlier = await paidResult(deps, userId, payOrderNo);
  if (earlier) return earlier;
  const priced = await price(deps, userId, input);
  const fulfil = deps.payments.fulfilers[input.kind];
  if (!fulfil) throw AppError.rule(MEMBER_MSG.methodUnavailable);
  const nowMs = deps.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('service_orders')
        .values({
          order_no: orderNo,
          user_id: userId,
          kind: input.kind,
          package_id: priced.packageId,
          years: priced.years,
          amount_fen: priced.amountFen,
          state: 'pending',
          expires_at: iso(nowMs),
          created_at: iso(nowMs),
        })
        .execute();
      await trx
        .insertInto('payments')
        .values({
          pay_order_no: payOrderNo,
          order_no: orderNo,
          buyer_id: userId,
          channel: 'balance',
          pay_method: PAY_METHOD.balance,
          purpose: input.kind,
          amount_fen: priced.amountFen,
          state: 'paid',
          expires_at: iso(nowMs),
          provider_trade_no: payOrderNo,
          paid_at: iso(nowMs),
          created_at: iso(nowMs),
        })
        .execute();
      // The fulfiler moves the money out of the balance account: short → InsufficientFunds.
      const done = await fulfil(trx, orderNo, nowMs);
      if (!done.ok) throw AppError.rule(done.reason);
    });
  } catch (err) {
    // The same purchase paid by a concurrent click: its unique numbers stopped this one.
    const first = await paidResult(deps, userId, payOrderNo);
    if (first) return first;
    if (err instanceof InsufficientFunds) throw AppError.rule(MEMBER_MSG.insufficientBalance);
    throw err;
  }
  const paid = await paidResult(deps, userId, payOrderNo);
  if (!paid) throw AppError.rule(MEMBER_MSG.paymentNotFound);
  return paid;
}
