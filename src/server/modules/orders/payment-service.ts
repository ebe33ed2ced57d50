import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import {
  MATERIAL_QUOTA_CODE,
  PAY_METHOD,
  type BankTransferResult,
  type OrderState,
  type PayOrder,
  type PayResult,
} from '@shared/contract/orders';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { addYears } from '../../platform/china-time';
import type {
  PaymentNotice,
  PaymentProvider,
  RawNotification,
} from '../../platform/payments/payment-provider';
import { PaymentVerificationError } from '../../platform/payments/payment-provider';
import type { SandboxProvider } from '../../platform/payments/sandbox';
import {
  InsufficientFunds,
  designerAvailable,
  designerPending,
  platformRevenue,
  platformRoyalties,
  postTransfers,
  providerClearing,
  userBalance,
} from '../finance/ledger';
import type { CommerceConfig } from './order-service';
import { closeExpiredOrders, exclusiveTakenMessage, newOrderNo, ownOrder } from './order-service';
import type { OrderRow } from './order-queries';
import { isInt, isOrderState, parseJsonArray } from './order-queries';
import { ORDERS_MSG } from './messages';
import { bankTransferResult } from './bank-transfers';
import { FINANCE_MSG } from '../finance/messages';
import { spendQuota } from '../membership/membership-service';
import { NOTICES } from '../notices/notice-messages';
import { sendNotice } from '../notices/notice-service';

// Paying licence orders (docs/orders.md). Every way money arrives ends in applyPayment: a verified
// provider notification (WeChat Pay, Alipay, or the sandbox's confirm page), an admin confirming a
// bank transfer. Money first lands in the buyer's balance account, then the order consumes it:
// the designer's share goes to pending settlement, the rest to platform revenue. A payment that
// cannot be applied (order closed, paid by another payment, exclusivity sold to someone else) is
// refunded to where it came from. Everything in one transaction; an order is paid at most once.

/**
 * Fulfils a paid order of another purpose (membership, recharge) inside applyPayment's transaction,
 * after the money reached the payer's balance account; `ok: false` refunds the payment.
 */
export type ServiceFulfiler = (
  trx: Transaction<Database>,
  orderNo: string,
  nowMs: number,
) => Promise<{ ok: true } | { ok: false; reason: string }>;

export type PaymentChannels = {
  /** How a payment of each purpose other than a licence is fulfilled (the plugin fills it). */
  fulfilers: Partial<Record<string, ServiceFulfiler>>;
  /** The provider of a QR method: the configured one, else the sandbox where it may stand in. */
  qrProvider(method: 'wechat' | 'alipay'): PaymentProvider | null;
  /** The provider that posts notifications for a channel name. */
  provider(channel: string): PaymentProvider | null;
  sandbox: SandboxProvider | null;
};

export type PayDeps = Pick<AppDeps, 'db' | 'now'> & {
  commerce: CommerceConfig;
  payments: PaymentChannels;
};

const iso = (ms: number) => new Date(ms).toISOString();

function toPayOrder(
  row: {
    pay_order_no: string;
    qr_content: string;
    amount_fen: number;
    expires_at: string;
    channel: string;
  },
  payMethod: number,
  order: Pick<OrderRow, 'order_no'>,
  commerce: CommerceConfig,
): PayOrder {
  return {
    qrCode: row.qr_content,
    payOrderNo: row.pay_order_no,
    payMethod,
    amountFen: row.amount_fen,
    expiresAt: row.expires_at,
    channel: row.channel,
    bank:
      row.channel === 'bank'
        ? {
            ...commerce.bankAccount,
            reference: order.order_no,
            note: ORDERS_MSG.pay.bankNote(order.order_no),
          }
        : null,
  };
}

/**
 * A payment for an unpaid order by QR (WeChat Pay, Alipay) or bank transfer. Asking again for the
 * same method while its QR is valid returns the same payment (a double click makes one QR).
 */
export async function createPayment(
  deps: PayDeps,
  buyerId: number,
  orderNo: string,
  payMethod: number,
  notifyBase: string,
): Promise<PayOrder> {
  await closeExpiredOrders(deps);
  const order = await ownOrder(deps.db, buyerId, orderNo);
  if (order.state === 'cancelled' && order.cancel_reason === ORDERS_MSG.order.expired) {
    throw AppError.conflict(ORDERS_MSG.pay.orderExpired);
  }
  if (order.state !== 'pending') throw AppError.conflict(ORDERS_MSG.pay.orderNotPayable);
  const nowMs = deps.now();

  if (payMethod === PAY_METHOD.bank) {
    const existing = await deps.db
      .selectFrom('payments')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('channel', '=', 'bank')
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (existing) return toPayOrder(existing, payMethod, order, deps.commerce);
    // A transfer takes days: the order waits for it.
    const expires = iso(nowMs + deps.commerce.bankTransferTtlMs);
    const row = {
      pay_order_no: newOrderNo('PB', nowMs),
      order_no: orderNo,
      buyer_id: buyerId,
      channel: 'bank',
      pay_method: PAY_METHOD.bank,
      amount_fen: order.amount_fen,
      state: 'pending',
      qr_content: '',
      expires_at: expires,
      created_at: iso(nowMs),
    };
    await deps.db.insertInto('payments').values(row).execute();
    await deps.db
      .updateTable('orders')
      .set({ expires_at: expires, updated_at: iso(nowMs) })
      .where('order_no', '=', orderNo)
      .where('state', '=', 'pending')
      .where('expires_at', '<', expires)
      .execute();
    return toPayOrder(row, payMethod, order, deps.commerce);
  }

  const method = payMethod === PAY_METHOD.wechat ? 'wechat' : 'alipay';
  const provider = deps.payments.qrProvider(method);
  if (!provider) throw AppError.rule(ORDERS_MSG.pay.methodUnavailable);
  const reusable = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('channel', '=', provider.channel)
    .where('pay_method', '=', payMethod)
    .where('state', '=', 'pending')
    .where('expires_at', '>', iso(nowMs + 60_000))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (reusable) return toPayOrder(reusable, payMethod, order, deps.commerce);
  return newQrPayment(deps, order, provider, payMethod, notifyBase);
}

async function newQrPayment(
  deps: PayDeps,
  order: OrderRow,
  provider: PaymentProvider,
  payMethod: number,
  notifyBase: string,
): Promise<PayOrder> {
  const nowMs = deps.now();
  const payOrderNo = newOrderNo('PQ', nowMs);
  const expiresMs = Math.min(Date.parse(order.expires_at), nowMs + deps.commerce.orderTtlMs);
  const title = await deps.db
    .selectFrom('works')
    .select('title')
    .where('id', '=', order.work_id)
    .executeTakeFirst();
  const { qrContent } = await provider.createQr({
    payOrderNo,
    amountFen: order.amount_fen,
    subject: ORDERS_MSG.pay.qrSubject(title?.title ?? order.licence_title).slice(0, 120),
    expiresAt: new Date(expiresMs),
    notifyUrl: new URL(`/pay/notify/${provider.channel}`, notifyBase).href,
  });
  const row = {
    pay_order_no: payOrderNo,
    order_no: order.order_no,
    buyer_id: order.buyer_id,
    channel: provider.channel,
    pay_method: payMethod,
    amount_fen: order.amount_fen,
    state: 'pending',
    qr_content: qrContent,
    expires_at: iso(expiresMs),
    created_at: iso(nowMs),
  };
  await deps.db.insertInto('payments').values(row).execute();
  return toPayOrder(row, payMethod, order, deps.commerce);
}

/** A fresh QR for an order whose QR ran out (while the order itself is still payable). */
export async function refreshPayment(
  deps: PayDeps,
  buyerId: number,
  payOrderNo: string,
  notifyBase: string,
): Promise<PayOrder> {
  const payment = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('pay_order_no', '=', payOrderNo)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst();
  if (!payment) throw AppError.notFound(ORDERS_MSG.pay.paymentNotFound);
  const method = payment.pay_method || PAY_METHOD.wechat;
  if (payment.state === 'pending' && payment.channel !== 'bank') {
    await deps.db
      .updateTable('payments')
      .set({ state: 'closed' })
      .where('pay_order_no', '=', payOrderNo)
      .where('state', '=', 'pending')
      .execute();
  }
  return createPayment(deps, buyerId, payment.order_no, method, notifyBase);
}

async function resultOf(deps: PayDeps, payOrderNo: string): Promise<PayResult> {
  const payment = await deps.db
    .selectFrom('payments')
    .select(['pay_order_no', 'order_no', 'state'])
    .where('pay_order_no', '=', payOrderNo)
    .executeTakeFirstOrThrow();
  const order = await deps.db
    .selectFrom('orders')
    .select(['state', 'refund_reason', 'cancel_reason'])
    .where('order_no', '=', payment.order_no)
    .executeTakeFirstOrThrow();
  const refund = await deps.db
    .selectFrom('refunds')
    .select('reason')
    .where('pay_order_no', '=', payOrderNo)
    .executeTakeFirst();
  const orderState: OrderState = isOrderState(order.state) ? order.state : 'pending';
  return {
    payOrderNo,
    paid: payment.state === 'paid',
    paymentState: payment.state,
    orderNo: payment.order_no,
    orderState,
    message: refund?.reason ?? (orderState === 'refunded' ? order.refund_reason : ''),
  };
}

/** Whether a payment went through; the pay page asks every 3 s. */
export async function payResult(
  deps: PayDeps,
  buyerId: number,
  payOrderNo: string,
): Promise<PayResult> {
  const payment = await deps.db
    .selectFrom('payments')
    .select(['state', 'channel'])
    .where('pay_order_no', '=', payOrderNo)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst();
  if (!payment) throw AppError.notFound(ORDERS_MSG.pay.paymentNotFound);
  // A late notification: ask the provider itself (real providers; the sandbox answers from memory).
  if (payment.state === 'pending' && payment.channel !== 'bank') {
    const provider = deps.payments.provider(payment.channel);
    if (provider && provider.channel !== 'sandbox') {
      const answer = await provider.query(payOrderNo).catch(() => null);
      if (answer?.state === 'paid') await applyPayment(deps, provider.channel, answer.notice);
    }
  }
  return resultOf(deps, payOrderNo);
}

type Applied = { outcome: 'paid' | 'replayed' | 'refunded'; orderNo: string; refundNo?: string };

type PaymentOfBuyer = { buyer_id: number; order_no: string; amount_fen: number };
const bankConfirmed = (p: PaymentOfBuyer) =>
  NOTICES.bankTransferConfirmed(p.buyer_id, p.order_no, p.amount_fen);
const refunded = (p: PaymentOfBuyer, reason: string) =>
  NOTICES.paymentRefunded(p.buyer_id, p.order_no, p.amount_fen, reason);

/** Refunds a payment that could not be applied: money back out of the buyer's balance account. */
async function refundInTrx(
  trx: Transaction<Database>,
  payment: {
    pay_order_no: string;
    order_no: string;
    buyer_id: number;
    channel: string;
    amount_fen: number;
  },
  reason: string,
  nowIso: string,
): Promise<string> {
  const refundNo = `R${payment.pay_order_no}`;
  await postTransfers(
    trx,
    [
      {
        id: `refund:${payment.pay_order_no}`,
        debit: userBalance(payment.buyer_id),
        credit: providerClearing(payment.channel),
        amountFen: payment.amount_fen,
        kind: 'refund',
        orderNo: payment.order_no,
      },
    ],
    nowIso,
  );
  await trx
    .updateTable('payments')
    .set({ state: 'refunded' })
    .where('pay_order_no', '=', payment.pay_order_no)
    .execute();
  await trx
    .insertInto('refunds')
    .values({
      refund_no: refundNo,
      order_no: payment.order_no,
      pay_order_no: payment.pay_order_no,
      buyer_id: payment.buyer_id,
      channel: payment.channel,
      amount_fen: payment.amount_fen,
      reason,
      state: payment.channel === 'balance' ? 'done' : 'pending',
      created_at: nowIso,
    })
    .onConflict((oc) => oc.column('pay_order_no').doNothing())
    .execute();
  return refundNo;
}

/** The channel of licences a member takes from their package quota (no money moves from them). */
export const QUOTA_CHANNEL = 'quota';

/** Verification codes printed on an order's documents. */
const documentCode = () =>
  randomBytes(9)
    .toString('base64url')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '7')
    .slice(0, 12);

/**
 * Makes a pending order paid inside `trx`: claims exclusivity, moves the money from the buyer's
 * balance account to the designer's pending settlement and platform revenue, writes the sale.
 * Returns the reason when it cannot (the caller refunds or refuses).
 */
async function fulfilInTrx(
  trx: Transaction<Database>,
  orderNo: string,
  channel: string,
  nowMs: number,
): Promise<{ ok: true } | { ok: false; reason: string; state: 'not_pending' | 'exclusive' }> {
  const nowIso = iso(nowMs);
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  // A renewal continues its old licence: it starts where that one ends, if that is still ahead.
  const renewed = order.renewal_of
    ? await trx
        .selectFrom('orders')
        .select(['order_no', 'licence_end'])
        .where('order_no', '=', order.renewal_of)
        .where('buyer_id', '=', order.buyer_id)
        .executeTakeFirst()
    : undefined;
  const startMs = Math.max(nowMs, Date.parse(renewed?.licence_end ?? '') || 0);
  const endMs = addYears(startMs, order.term_years);
  const moved = await trx
    .updateTable('orders')
    .set({
      state: 'paid',
      paid_at: nowIso,
      pay_channel: channel,
      licence_start: iso(startMs),
      licence_end: iso(endMs),
      updated_at: nowIso,
    })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    return {
      ok: false,
      state: 'not_pending',
      reason:
        order.state === 'cancelled' ? ORDERS_MSG.pay.closedRefund : ORDERS_MSG.pay.duplicateRefund,
    };
  }
  if (order.licence_kind === 'category_exclusive') {
    for (const kid of parseJsonArray(order.category_kids, isInt)) {
      const claimed = await trx
        .insertInto('work_exclusives')
        .values({ work_id: order.work_id, category_kid: kid, order_no: orderNo, until: iso(endMs) })
        .onConflict((oc) =>
          oc
            .columns(['work_id', 'category_kid'])
            .doUpdateSet({ order_no: orderNo, until: iso(endMs) })
            .where((eb) =>
              eb.or([
                eb('work_exclusives.until', '<', nowIso),
                // The renewing buyer's old order holds it: the renewal extends it.
                eb('work_exclusives.order_no', '=', renewed?.order_no ?? ''),
              ]),
            ),
        )
        .returning('order_no')
        .executeTakeFirst();
      if (!claimed) {
        const holder = await trx
          .selectFrom('work_exclusives as x')
          .innerJoin('categories as c', 'c.kid', 'x.category_kid')
          .select(['c.title', 'x.until'])
          .where('x.work_id', '=', order.work_id)
          .where('x.category_kid', '=', kid)
          .executeTakeFirstOrThrow();
        // Undo this order's claims on the other categories (a renewal's go back to its old
        // order); the order itself is refunded.
        if (renewed?.licence_end) {
          await trx
            .updateTable('work_exclusives')
            .set({ order_no: renewed.order_no, until: renewed.licence_end })
            .where('order_no', '=', orderNo)
            .execute();
        } else {
          await trx.deleteFrom('work_exclusives').where('order_no', '=', orderNo).execute();
        }
        const until = new Date(Date.parse(holder.until) + 8 * 3600_000).toISOString().slice(0, 10);
        return {
          ok: false,
          state: 'exclusive',
          reason: ORDERS_MSG.pay.exclusiveLostRefund(exclusiveTakenMessage(holder.title, until)),
        };
      }
    }
  }
  // A licence from a member's quota: the buyer pays nothing; the platform pays the designer's
  // share from its royalties account (funded by membership fees) and keeps no fee.
  const fromQuota = channel === QUOTA_CHANNEL;
  await postTransfers(
    trx,
    [
      {
        id: `order:${orderNo}:share`,
        debit: fromQuota ? platformRoyalties : userBalance(order.buyer_id),
        credit: designerPending(order.designer_id),
        amountFen: order.share_fen,
        kind: fromQuota ? 'quota_royalty' : 'sale_share',
        orderNo,
      },
      {
        id: `order:${orderNo}:fee`,
        debit: userBalance(order.buyer_id),
        credit: platformRevenue,
        amountFen: fromQuota ? 0 : order.amount_fen - order.share_fen,
        kind: 'sale_fee',
        orderNo,
      },
    ].filter((t) => t.amountFen > 0),
    nowIso,
  );
  await trx
    .insertInto('sale_records')
    .values({
      designer_id: order.designer_id,
      work_id: order.work_id,
      order_no: orderNo,
      buyer_user_id: order.buyer_id,
      buyer_company: order.buyer_name,
      licence_kind: order.licence_kind,
      licence_title: order.licence_title,
      amount_fen: order.amount_fen,
      share_fen: order.share_fen,
      sold_at: nowIso,
    })
    .execute();
  await trx
    .updateTable('works')
    .set({ sale_count: sql<number>`sale_count + 1` })
    .where('id', '=', order.work_id)
    .execute();
  await trx
    .insertInto('issued_documents')
    .values(
      // No receipt for a quota licence: no money changed hands.
      (fromQuota
        ? (['contract', 'trade', 'copyright'] as const)
        : (['contract', 'trade', 'copyright', 'receipt'] as const)
      ).map((kind) => ({
        code: documentCode(),
        kind,
        order_no: orderNo,
        created_at: nowIso,
      })),
    )
    .onConflict((oc) => oc.columns(['order_no', 'kind']).doNothing())
    .execute();
  // The buyer of a bank transfer is told by applyPayment's bankTransferConfirmed instead.
  const work = await trx
    .selectFrom('works')
    .select('title')
    .where('id', '=', order.work_id)
    .executeTakeFirst();
  const workTitle = work?.title ?? '';
  if (channel !== 'bank') {
    await sendNotice(
      trx,
      NOTICES.licencePaid(order.buyer_id, orderNo, workTitle, order.licence_title),
    );
  }
  if (order.share_fen > 0) {
    await sendNotice(trx, NOTICES.workSold(order.designer_id, orderNo, workTitle, order.share_fen));
  }
  return { ok: true };
}

/**
 * Applies a verified payment notice exactly once: the amount and channel must match our payment;
 * a replay answers what the first one did; money for an order that can no longer take it is
 * refunded. Throws PaymentVerificationError for a notice that does not match any payment of ours.
 */
export async function applyPayment(
  deps: PayDeps,
  channel: string,
  notice: PaymentNotice,
): Promise<Applied> {
  const nowMs = deps.now();
  const nowIso = iso(nowMs);
  const applied = await deps.db.transaction().execute(async (trx): Promise<Applied> => {
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('pay_order_no', '=', notice.payOrderNo)
      .executeTakeFirst();
    if (!payment || payment.channel !== channel) {
      throw new PaymentVerificationError(ORDERS_MSG.pay.paymentNotFound);
    }
    if (payment.amount_fen !== notice.amountFen) {
      throw new PaymentVerificationError(ORDERS_MSG.pay.amountMismatch);
    }
    const booked = await trx
      .updateTable('payments')
      .set({ state: 'paid', provider_trade_no: notice.providerTradeNo, paid_at: nowIso })
      .where('pay_order_no', '=', payment.pay_order_no)
      .where('state', 'in', ['pending', 'closed'])
      .executeTakeFirst();
    if (Number(booked.numUpdatedRows) !== 1) {
      return { outcome: 'replayed', orderNo: payment.order_no };
    }
    await postTransfers(
      trx,
      [
        {
          id: `pay:${payment.pay_order_no}`,
          debit: providerClearing(channel),
          credit: userBalance(payment.buyer_id),
          amountFen: payment.amount_fen,
          kind: 'payment',
          orderNo: payment.order_no,
        },
      ],
      nowIso,
    );
    if (payment.purpose !== 'licence') {
      const fulfil = deps.payments.fulfilers[payment.purpose];
      const service = fulfil
        ? await fulfil(trx, payment.order_no, nowMs)
        : { ok: false as const, reason: ORDERS_MSG.pay.closedRefund };
      if (service.ok) {
        if (channel === 'bank') await sendNotice(trx, bankConfirmed(payment));
        return { outcome: 'paid', orderNo: payment.order_no };
      }
      const refundNo = await refundInTrx(trx, payment, service.reason, nowIso);
      await sendNotice(trx, refunded(payment, service.reason));
      return { outcome: 'refunded', orderNo: payment.order_no, refundNo };
    }
    const done = await fulfilInTrx(trx, payment.order_no, channel, nowMs);
    if (done.ok) {
      if (channel === 'bank') await sendNotice(trx, bankConfirmed(payment));
      return { outcome: 'paid', orderNo: payment.order_no };
    }
    const refundNo = await refundInTrx(trx, payment, done.reason, nowIso);
    await sendNotice(trx, refunded(payment, done.reason));
    if (done.state === 'exclusive') {
      await trx
        .updateTable('orders')
        .set({
          state: 'refunded',
          refunded_at: nowIso,
          refund_reason: done.reason,
          licence_start: null,
          licence_end: null,
          updated_at: nowIso,
        })
        .where('order_no', '=', payment.order_no)
        // fulfilInTrx marked it paid in this transaction before the claim failed.
        .where('state', '=', 'paid')
        .execute();
    }
    return { outcome: 'refunded', orderNo: payment.order_no, refundNo };
  });
  if (applied.outcome === 'refunded' && applied.refundNo) await sendRefund(deps, applied.refundNo);
  return applied;
}

/** Asks the provider to refund (after the ledger already says so); a failure is kept for a retry. */
export async function sendRefund(deps: PayDeps, refundNo: string): Promise<void> {
  const refund = await deps.db
    .selectFrom('refunds')
    .selectAll()
    .where('refund_no', '=', refundNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (!refund) return;
  const provider = deps.payments.provider(refund.channel);
  if (!provider) return; // bank transfers are refunded by finance staff; the row stays pending.
  try {
    const { providerRefundNo } = await provider.refund({
      payOrderNo: refund.pay_order_no,
      refundNo,
      refundFen: refund.amount_fen,
      totalFen: refund.amount_fen,
      reason: refund.reason.slice(0, 80),
    });
    await deps.db
      .updateTable('refunds')
      .set({ state: 'done', provider_refund_no: providerRefundNo })
      .where('refund_no', '=', refundNo)
      .execute();
  } catch {
    // Stays pending; the settlement sweep retries it.
  }
}

/**
 * A notification from a provider, as it reached us: verified, then applied. Returns what to answer
 * the provider. A forged or mismatched notification changes nothing.
 */
export async function handleNotification(
  deps: PayDeps,
  channel: string,
  raw: RawNotification,
): Promise<{ accepted: boolean; applied?: Applied; error?: string }> {
  const provider = deps.payments.provider(channel);
  if (!provider) return { accepted: false, error: 'unknown channel' };
  try {
    const notice = await provider.verifyNotification(raw);
    return { accepted: true, applied: await applyPayment(deps, channel, notice) };
  } catch (err) {
    if (err instanceof PaymentVerificationError) return { accepted: false, error: err.message };
    throw err;
  }
}

/**
 * How an order is paid without a QR: from the buyer's balance, or from a member's quota. `spend`
 * runs first inside the payment's transaction and throws to refuse; `amountFen` is what the buyer
 * pays (0 for a quota).
 */
type DirectPayment = {
  channel: 'balance' | typeof QUOTA_CHANNEL;
  payMethod: number;
  amountFen: (order: OrderRow) => number;
  /** Checked before the transaction; throws to refuse the order. */
  check?: (order: OrderRow) => void;
  spend?: (trx: Transaction<Database>, order: OrderRow, nowMs: number) => Promise<void>;
};

/**
 * Pays an order at once in one transaction (payment row, spending, order made paid), or changes
 * nothing. A double click or a retry, also two clicks racing, answers the first payment's result.
 */
async function payDirectly(
  deps: PayDeps,
  buyerId: number,
  orderNo: string,
  way: DirectPayment,
): Promise<PayResult> {
  await closeExpiredOrders(deps);
  const order = await ownOrder(deps.db, buyerId, orderNo);
  const earlierResult = async () => {
    const earlier = await deps.db
      .selectFrom('payments')
      .select('pay_order_no')
      .where('order_no', '=', orderNo)
      .where('channel', '=', way.channel)
      .where('state', '=', 'paid')
      .executeTakeFirst();
    return earlier ? resultOf(deps, earlier.pay_order_no) : null;
  };
  if (order.state !== 'pending') {
    const earlier = await earlierResult();
    if (earlier) return earlier;
    throw AppError.conflict(ORDERS_MSG.pay.orderNotPayable);
  }
  way.check?.(order);
  const nowMs = deps.now();
  const payOrderNo = newOrderNo('PY', nowMs);
  let lostRace = false;
  const raced = await deps.db
    .transaction()
    .execute(async (trx): Promise<PayResult | null> => {
      await way.spend?.(trx, order, nowMs);
      await trx
        .insertInto('payments')
        .values({
          pay_order_no: payOrderNo,
          order_no: orderNo,
          buyer_id: buyerId,
          channel: way.channel,
          pay_method: way.payMethod,
          amount_fen: way.amountFen(order),
          state: 'paid',
          expires_at: iso(nowMs),
          provider_trade_no: payOrderNo,
          paid_at: iso(nowMs),
          created_at: iso(nowMs),
        })
        .execute();
      const done = await fulfilInTrx(trx, orderNo, way.channel, nowMs);
      if (!done.ok) {
        lostRace = done.state === 'not_pending';
        throw AppError.conflict(
          done.state === 'exclusive'
            ? done.reason.replace(/，款项已原路退回$/, '')
            : ORDERS_MSG.pay.orderNotPayable,
        );
      }
      return null;
    })
    .catch(async (err: unknown) => {
      if (err instanceof InsufficientFunds) throw AppError.rule(FINANCE_MSG.insufficientBalance);
      // Two clicks at once: the other one paid (this attempt rolled back, nothing spent twice).
      const earlier = lostRace ? await earlierResult() : null;
      if (earlier) return earlier;
      throw err;
    });
  return raced ?? resultOf(deps, payOrderNo);
}

/** Pays an order from the buyer's balance (the wallet); refused with 余额不足 when it is short. */
export const payWithBalance = (deps: PayDeps, buyerId: number, orderNo: string) =>
  payDirectly(deps, buyerId, orderNo, {
    channel: 'balance',
    payMethod: PAY_METHOD.balance,
    amountFen: (order) => order.amount_fen,
  });

/**
 * A member licenses a source-material work from their package quota (素材授权, S1): one unit per
 * year of the term, spent by one conditional update in the same transaction that makes the order
 * paid, so concurrent attempts never spend more than the quota holds and a refusal changes nothing.
 * The buyer pays nothing: the payment row (0 fen) records that the order was paid, and by what.
 */
export const payWithQuota = (deps: PayDeps, buyerId: number, orderNo: string) =>
  payDirectly(deps, buyerId, orderNo, {
    channel: QUOTA_CHANNEL,
    payMethod: PAY_METHOD.quota,
    amountFen: () => 0,
    check: (order) => {
      if (order.licence_kind !== 'material') {
        throw AppError.rule(ORDERS_MSG.pay.quotaMaterialOnly);
      }
    },
    spend: async (trx, order, nowMs) => {
      if (!(await spendQuota(trx, buyerId, MATERIAL_QUOTA_CODE, nowMs, order.term_years))) {
        throw AppError.rule(ORDERS_MSG.pay.quotaShort(order.term_years));
      }
    },
  });

/**
 * An admin confirms a bank transfer arrived: the same path as a provider's notification, for a
 * payment of any purpose (a licence order, or a membership, add-on pack or recharge, whose fulfiler
 * applyPayment runs). The amount must be the payment's; a transfer already confirmed (also by a
 * concurrent confirm: applyPayment's conditional update lets one through) is refused and nothing is
 * booked twice.
 */
export async function confirmBankTransfer(
  deps: PayDeps,
  input: { payOrderNo: string; bankSerial: string; amountFen: number },
): Promise<BankTransferResult> {
  const payment = await deps.db
    .selectFrom('payments')
    .select(['state', 'amount_fen'])
    .where('pay_order_no', '=', input.payOrderNo)
    .where('channel', '=', 'bank')
    .executeTakeFirst();
  if (!payment) throw AppError.notFound(ORDERS_MSG.pay.paymentNotFound);
  if (payment.amount_fen !== input.amountFen)
    throw AppError.rule(ORDERS_MSG.pay.bankAmountMismatch);
  if (payment.state === 'paid' || payment.state === 'refunded') {
    throw AppError.conflict(ORDERS_MSG.pay.bankNotPending);
  }
  // One bank serial is one transfer: typed again for another payment it is a mistake.
  const serialUsed = await deps.db
    .selectFrom('payments')
    .select('pay_order_no')
    .where('channel', '=', 'bank')
    .where('provider_trade_no', '=', input.bankSerial.trim())
    .executeTakeFirst();
  if (serialUsed) throw AppError.conflict(ORDERS_MSG.pay.bankSerialUsed);
  const applied = await applyPayment(deps, 'bank', {
    payOrderNo: input.payOrderNo,
    providerTradeNo: input.bankSerial.trim(),
    amountFen: input.amountFen,
    paidAt: new Date(deps.now()),
  });
  if (applied.outcome === 'replayed') throw AppError.conflict(ORDERS_MSG.pay.bankNotPending);
  return bankTransferResult(deps, input.payOrderNo);
}

/**
 * Moves designers' shares from pending to available once the settlement period has passed, each
 * order once; retries refunds a provider did not take. Safe to run from several servers at once.
 */
export async function settleDue(deps: PayDeps): Promise<number> {
  const nowMs = deps.now();
  const due = await deps.db
    .selectFrom('orders')
    .select(['order_no', 'designer_id', 'share_fen'])
    .where('state', 'in', ['paid', 'authorised'])
    .where('settled_at', 'is', null)
    .where('paid_at', '<', iso(nowMs - deps.commerce.settlementDays * 86_400_000))
    .limit(500)
    .execute();
  let settled = 0;
  for (const order of due) {
    await deps.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('orders')
        .set({ settled_at: iso(nowMs) })
        .where('order_no', '=', order.order_no)
        .where('settled_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1 || order.share_fen <= 0) return;
      await postTransfers(
        trx,
        [
          {
            id: `settle:${order.order_no}`,
            debit: designerPending(order.designer_id),
            credit: designerAvailable(order.designer_id),
            amountFen: order.share_fen,
            kind: 'settlement',
            orderNo: order.order_no,
          },
        ],
        iso(nowMs),
      );
      settled += 1;
    });
  }
  const pendingRefunds = await deps.db
    .selectFrom('refunds')
    .select('refund_no')
    .where('state', '=', 'pending')
    .where('channel', 'not in', ['bank', 'balance'])
    .limit(100)
    .execute();
  for (const r of pendingRefunds) await sendRefund(deps, r.refund_no);
  return settled;
}
