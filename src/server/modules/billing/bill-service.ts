import { sql } from 'kysely';
import { BILL_KIND_TITLES, type BillKind, type BillRow } from '@shared/contract/billing';
import { PAY_CHANNEL_TITLES } from '@shared/contract/orders';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { chinaDayStartMs } from '../../platform/china-time';
import { BILLING_MSG } from './messages';

// The buyer's statement (/user/billManagement): every payment that took money (paid, or paid and
// later refunded) and every refund, newest first, as one list over two tables.

type Deps = Pick<AppDeps, 'db'>;

/** [from, to) as ISO instants for China calendar days; '' leaves that side open. */
export function dayRange(startDate: string, endDate: string): { from?: string; to?: string } {
  const from = startDate ? chinaDayStartMs(startDate) : undefined;
  const endStart = endDate ? chinaDayStartMs(endDate) : undefined;
  if (from === null || endStart === null) throw AppError.rule(BILLING_MSG.bill.badDay);
  if (from !== undefined && endStart !== undefined && from > endStart) {
    throw AppError.rule(BILLING_MSG.bill.badRange);
  }
  return {
    ...(from !== undefined ? { from: new Date(from).toISOString() } : {}),
    ...(endStart !== undefined ? { to: new Date(endStart + 86_400_000).toISOString() } : {}),
  };
}

/** Payments and refunds of one buyer as rows of one shape (a subquery to filter, sort and page). */
function billRows(deps: Deps, buyerId: number) {
  const payments = deps.db
    .selectFrom('payments as p')
    .select([
      'p.pay_order_no as bill_no',
      sql<string>`'payment'`.as('kind'),
      'p.channel',
      'p.amount_fen',
      'p.order_no',
      // paid_at is set whenever money arrived; a refunded payment keeps it.
      sql<string>`coalesce(p.paid_at, p.created_at)`.as('at'),
      sql<string>`''`.as('note'),
    ])
    .where('p.buyer_id', '=', buyerId)
    .where('p.state', 'in', ['paid', 'refunded'])
    // A licence taken from a member's quota moved no money: it is not a bill.
    .where('p.amount_fen', '>', 0);
  const refunds = deps.db
    .selectFrom('refunds as r')
    .select([
      'r.refund_no as bill_no',
      sql<string>`'refund'`.as('kind'),
      'r.channel',
      'r.amount_fen',
      'r.order_no',
      'r.created_at as at',
      'r.reason as note',
    ])
    .where('r.buyer_id', '=', buyerId);
  return deps.db.selectFrom(payments.unionAll(refunds).as('b'));
}

export async function billList(
  deps: Deps,
  buyerId: number,
  input: { startDate: string; endDate: string; pageIndex: number; pageSize: number },
): Promise<{ list: BillRow[]; total: number; paidFen: number; refundedFen: number }> {
  const { from, to } = dayRange(input.startDate, input.endDate);
  let q = billRows(deps, buyerId);
  if (from) q = q.where('b.at', '>=', from);
  if (to) q = q.where('b.at', '<', to);
  const [totals, rows] = await Promise.all([
    q
      .select([
        'b.kind',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('b.amount_fen').as('fen'),
      ])
      .groupBy('b.kind')
      .execute(),
    q
      .selectAll('b')
      .orderBy('b.at', 'desc')
      .orderBy('b.bill_no', 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  const titles = new Map<string, string>();
  const orderNos = [...new Set(rows.map((r) => r.order_no))];
  if (orderNos.length > 0) {
    const works = await deps.db
      .selectFrom('orders as o')
      .innerJoin('works as w', 'w.id', 'o.work_id')
      .select(['o.order_no', 'w.title'])
      .where('o.order_no', 'in', orderNos)
      .execute();
    for (const w of works) titles.set(w.order_no, w.title);
  }
  const sumOf = (kind: BillKind) => Number(totals.find((t) => t.kind === kind)?.fen ?? 0);
  return {
    total: totals.reduce((n, t) => n + Number(t.n), 0),
    paidFen: sumOf('payment'),
    refundedFen: sumOf('refund'),
    list: rows.map((r) => {
      const kind: BillKind = r.kind === 'refund' ? 'refund' : 'payment';
      return {
        billNo: r.bill_no,
        kind,
        kindTitle: BILL_KIND_TITLES[kind],
        channel: r.channel,
        channelTitle: PAY_CHANNEL_TITLES[r.channel] ?? r.channel,
        amountFen: Number(r.amount_fen),
        orderNo: r.order_no,
        workTitle: titles.get(r.order_no) ?? '',
        at: r.at,
        note: r.note,
      };
    }),
  };
}
