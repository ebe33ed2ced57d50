import type { PayDeps } from './payment-service';

/** Bank transfers waiting for finance to confirm the money arrived, oldest first. */
export async function pendingBankTransfers(
  deps: Pick<PayDeps, 'db' | 'now'>,
  page: { pageIndex: number; pageSize: number },
) {
  const base = deps.db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.order_no', 'p.order_no')
    .where('p.channel', '=', 'bank')
    .where('p.state', '=', 'pending')
    .where('p.expires_at', '>', new Date(deps.now()).toISOString());
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'p.pay_order_no',
        'p.order_no',
        'p.amount_fen',
        'o.buyer_name',
        'p.created_at',
        'p.expires_at',
      ])
      .orderBy('p.created_at')
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    total: Number(total.n),
    list: rows.map((r) => ({
      payOrderNo: r.pay_order_no,
      orderNo: r.order_no,
      amountFen: r.amount_fen,
      buyerName: r.buyer_name,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    })),
  };
}
