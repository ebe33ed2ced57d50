import type { BankTransferResult, OrderState, PaymentPurpose } from '@shared/contract/orders';
import { PAYMENT_PURPOSE_TITLES } from '@shared/contract/orders';
import { isOrderState } from './order-queries';
import type { PayDeps } from './payment-service';

// Bank transfers of every purpose (docs/orders.md, Bank transfer): a licence order's (orders) or a
// service order's (service_orders: membership, add-on pack, recharge). Finance staff see them here
// and confirm them through confirmBankTransfer, which applies them like a provider's notification.

const purposeOf = (purpose: string): PaymentPurpose =>
  purpose in PAYMENT_PURPOSE_TITLES ? (purpose as PaymentPurpose) : 'licence';

/** Bank transfers waiting for finance to confirm the money arrived, oldest first. */
export async function pendingBankTransfers(
  deps: Pick<PayDeps, 'db' | 'now'>,
  page: { pageIndex: number; pageSize: number },
) {
  const base = deps.db
    .selectFrom('payments as p')
    .where('p.channel', '=', 'bank')
    .where('p.state', '=', 'pending')
    .where('p.expires_at', '>', new Date(deps.now()).toISOString());
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('orders as o', (j) =>
        j.onRef('o.order_no', '=', 'p.order_no').on('p.purpose', '=', 'licence'),
      )
      .leftJoin('works as w', 'w.id', 'o.work_id')
      .leftJoin('service_orders as so', (j) =>
        j.onRef('so.order_no', '=', 'p.order_no').on('p.purpose', '<>', 'licence'),
      )
      .leftJoin('member_packages as mp', (j) =>
        j.onRef('mp.id', '=', 'so.package_id').on('so.kind', '=', 'membership'),
      )
      .leftJoin('dosing_packages as dp', (j) =>
        j.onRef('dp.id', '=', 'so.package_id').on('so.kind', '=', 'dosing'),
      )
      .leftJoin('users as u', 'u.id', 'p.buyer_id')
      .select([
        'p.pay_order_no',
        'p.order_no',
        'p.purpose',
        'p.amount_fen',
        'p.created_at',
        'p.expires_at',
        'o.buyer_name',
        'o.term_years',
        'w.title as work_title',
        'so.years as service_years',
        'mp.title as package_title',
        'dp.title as pack_title',
        'u.user_name',
        'u.phone',
      ])
      .orderBy('p.created_at')
      .orderBy('p.pay_order_no')
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    total: Number(total.n),
    list: rows.map((r) => {
      const purpose = purposeOf(r.purpose);
      const licence = purpose === 'licence';
      return {
        payOrderNo: r.pay_order_no,
        orderNo: r.order_no,
        purpose,
        purposeTitle: PAYMENT_PURPOSE_TITLES[purpose],
        itemTitle: (licence ? r.work_title : (r.package_title ?? r.pack_title)) ?? '',
        years: (licence ? r.term_years : purpose === 'membership' ? r.service_years : null) ?? null,
        amountFen: r.amount_fen,
        buyerName: (licence && r.buyer_name ? r.buyer_name : r.user_name) ?? '',
        buyerPhone: r.phone ?? '',
        createdAt: r.created_at,
        expiresAt: r.expires_at,
      };
    }),
  };
}

/**
 * What a confirmed transfer did, for any purpose: the payment's state and its order's (a licence
 * order's, or a service order's), with the refund reason when the money went back at once.
 */
export async function bankTransferResult(
  deps: Pick<PayDeps, 'db'>,
  payOrderNo: string,
): Promise<BankTransferResult> {
  const payment = await deps.db
    .selectFrom('payments')
    .select(['pay_order_no', 'order_no', 'state', 'purpose'])
    .where('pay_order_no', '=', payOrderNo)
    .executeTakeFirstOrThrow();
  const purpose = purposeOf(payment.purpose);
  const refund = await deps.db
    .selectFrom('refunds')
    .select('reason')
    .where('pay_order_no', '=', payOrderNo)
    .executeTakeFirst();
  let state: string;
  let refundReason = '';
  if (purpose === 'licence') {
    const order = await deps.db
      .selectFrom('orders')
      .select(['state', 'refund_reason'])
      .where('order_no', '=', payment.order_no)
      .executeTakeFirstOrThrow();
    state = order.state;
    refundReason = order.refund_reason;
  } else {
    const order = await deps.db
      .selectFrom('service_orders')
      .select('state')
      .where('order_no', '=', payment.order_no)
      .executeTakeFirstOrThrow();
    state = order.state;
  }
  const orderState: OrderState = isOrderState(state) ? state : 'pending';
  return {
    payOrderNo,
    paid: payment.state === 'paid',
    paymentState: payment.state,
    orderNo: payment.order_no,
    purpose,
    purposeTitle: PAYMENT_PURPOSE_TITLES[purpose],
    orderState,
    message: refund?.reason ?? (orderState === 'refunded' ? refundReason : ''),
  };
}
