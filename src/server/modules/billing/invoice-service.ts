import type { Selectable } from 'kysely';
import {
  INVOICE_STATE_TITLES,
  type AdminInvoiceRequest,
  type InvoiceRequest,
  type InvoiceState,
  type InvoiceableOrder,
} from '@shared/contract/billing';
import {
  checkInvoiceFields,
  normaliseInvoiceFields,
  type InvoiceFields,
} from '@shared/rules/invoice';
import type { InvoiceRequestsTable } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { BILLING_MSG } from './messages';

// 增值税普通发票 requests (/user/billManagement/invoice): a buyer asks for one on a paid order
// (one live request per order: applied or issued); an admin issues it with the invoice's number
// or rejects it with a reason, after which the buyer may ask again.

type Deps = Pick<AppDeps, 'db' | 'now'>;
type Row = Selectable<InvoiceRequestsTable>;

const INVOICE_NO = /^[0-9A-Za-z]{8,20}$/;
const iso = (ms: number) => new Date(ms).toISOString();
const isState = (s: string): s is InvoiceState => s in INVOICE_STATE_TITLES;

async function workTitles(deps: Deps, orderNos: readonly string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (orderNos.length === 0) return map;
  const rows = await deps.db
    .selectFrom('orders as o')
    .innerJoin('works as w', 'w.id', 'o.work_id')
    .select(['o.order_no', 'w.title'])
    .where('o.order_no', 'in', [...new Set(orderNos)])
    .execute();
  for (const r of rows) map.set(r.order_no, r.title);
  return map;
}

function toRequest(row: Row, titles: Map<string, string>): InvoiceRequest {
  const state: InvoiceState = isState(row.state) ? row.state : 'applied';
  return {
    id: row.id,
    orderNo: row.order_no,
    workTitle: titles.get(row.order_no) ?? '',
    amountFen: row.amount_fen,
    buyerType: row.buyer_type === 'company' ? 'company' : 'personal',
    title: row.title,
    taxNo: row.tax_no,
    email: row.email,
    state,
    stateTitle: INVOICE_STATE_TITLES[state],
    invoiceNo: row.invoice_no,
    rejectReason: row.reject_reason,
    createdAt: row.created_at,
    handledAt: row.handled_at,
  };
}

async function liveRequest(deps: Deps, orderNo: string) {
  return deps.db
    .selectFrom('invoice_requests')
    .select('id')
    .where('order_no', '=', orderNo)
    .where('state', '<>', 'rejected')
    .executeTakeFirst();
}

/** Finance/ApplyInvoice: a request on the buyer's own paid order, checked by the shared rule. */
export async function applyInvoice(
  deps: Deps,
  buyerId: number,
  input: InvoiceFields & { orderNo: string },
): Promise<InvoiceRequest> {
  const problem = checkInvoiceFields(input);
  if (problem) throw AppError.rule(problem);
  const order = await deps.db
    .selectFrom('orders')
    .select(['order_no', 'state', 'amount_fen'])
    .where('order_no', '=', input.orderNo)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst();
  if (!order) throw AppError.notFound(BILLING_MSG.invoice.orderNotFound);
  if (order.state === 'refunded') throw AppError.rule(BILLING_MSG.invoice.refunded);
  if (order.state !== 'paid' && order.state !== 'authorised') {
    throw AppError.rule(BILLING_MSG.invoice.notPaid);
  }
  if (await liveRequest(deps, order.order_no)) throw AppError.conflict(BILLING_MSG.invoice.live);
  const fields = normaliseInvoiceFields(input);
  const now = iso(deps.now());
  let id: number;
  try {
    const inserted = await deps.db
      .insertInto('invoice_requests')
      .values({
        order_no: order.order_no,
        buyer_id: buyerId,
        buyer_type: fields.buyerType,
        title: fields.title,
        tax_no: fields.taxNo,
        email: fields.email,
        amount_fen: order.amount_fen,
        state: 'applied',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = inserted.id;
  } catch (err) {
    // Two submits at once: the unique index let one through.
    if (await liveRequest(deps, order.order_no)) throw AppError.conflict(BILLING_MSG.invoice.live);
    throw err;
  }
  const row = await deps.db
    .selectFrom('invoice_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return toRequest(row, await workTitles(deps, [row.order_no]));
}

/** Finance/GetInvoiceList: my requests, and my paid orders that have no live request. */
export async function myInvoices(
  deps: Deps,
  buyerId: number,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: InvoiceRequest[]; total: number; invoiceable: InvoiceableOrder[] }> {
  const base = deps.db.selectFrom('invoice_requests').where('buyer_id', '=', buyerId);
  const [total, rows, orders] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageIndex - 1) * page.pageSize)
      .execute(),
    deps.db
      .selectFrom('orders as o')
      .innerJoin('works as w', 'w.id', 'o.work_id')
      .select(['o.order_no', 'w.title', 'o.licence_title', 'o.amount_fen', 'o.paid_at'])
      .where('o.buyer_id', '=', buyerId)
      .where('o.state', 'in', ['paid', 'authorised'])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('invoice_requests as i')
              .select('i.id')
              .whereRef('i.order_no', '=', 'o.order_no')
              .where('i.state', '<>', 'rejected'),
          ),
        ),
      )
      .orderBy('o.paid_at', 'desc')
      .limit(200)
      .execute(),
  ]);
  const titles = await workTitles(
    deps,
    rows.map((r) => r.order_no),
  );
  return {
    total: Number(total.n),
    list: rows.map((r) => toRequest(r, titles)),
    invoiceable: orders.map((o) => ({
      orderNo: o.order_no,
      workTitle: o.title,
      licenceTitle: o.licence_title,
      amountFen: o.amount_fen,
      paidAt: o.paid_at ?? '',
    })),
  };
}

async function toAdmin(deps: Deps, rows: readonly Row[]): Promise<AdminInvoiceRequest[]> {
  if (rows.length === 0) return [];
  const [titles, buyers] = await Promise.all([
    workTitles(
      deps,
      rows.map((r) => r.order_no),
    ),
    deps.db
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where(
        'id',
        'in',
        rows.map((r) => r.buyer_id),
      )
      .execute(),
  ]);
  const names = new Map(buyers.map((b) => [b.id, b.user_name]));
  return rows.map((r) => ({ ...toRequest(r, titles), buyerName: names.get(r.buyer_id) ?? '' }));
}

/** Admin/GetInvoiceRequests: the requests, oldest waiting first when filtered to applied. */
export async function invoiceRequests(
  deps: Deps,
  input: { state: InvoiceState | ''; pageIndex: number; pageSize: number },
): Promise<{ list: AdminInvoiceRequest[]; total: number }> {
  let base = deps.db.selectFrom('invoice_requests');
  if (input.state) base = base.where('state', '=', input.state);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', input.state === 'applied' ? 'asc' : 'desc')
      .orderBy('id', input.state === 'applied' ? 'asc' : 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  return { total: Number(total.n), list: await toAdmin(deps, rows) };
}

/** Admin/HandleInvoiceRequest: issue (with the invoice's number) or reject (with a reason), once. */
export async function handleInvoiceRequest(
  deps: Deps,
  adminId: number,
  input: { id: number; action: 'issue' | 'reject'; invoiceNo: string; reason: string },
): Promise<AdminInvoiceRequest> {
  const invoiceNo = input.invoiceNo.trim();
  const reason = input.reason.trim();
  if (input.action === 'issue' && !INVOICE_NO.test(invoiceNo)) {
    throw AppError.rule(BILLING_MSG.invoice.invoiceNoInvalid);
  }
  if (input.action === 'reject' && reason.length < 2) {
    throw AppError.rule(BILLING_MSG.invoice.reasonMissing);
  }
  const existing = await deps.db
    .selectFrom('invoice_requests')
    .select('state')
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!existing) throw AppError.notFound(BILLING_MSG.invoice.notFound);
  const now = iso(deps.now());
  const done = await deps.db
    .updateTable('invoice_requests')
    .set({
      state: input.action === 'issue' ? 'issued' : 'rejected',
      invoice_no: input.action === 'issue' ? invoiceNo.toUpperCase() : '',
      reject_reason: input.action === 'reject' ? reason : '',
      handled_by: adminId,
      handled_at: now,
      updated_at: now,
    })
    .where('id', '=', input.id)
    .where('state', '=', 'applied')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw AppError.conflict(BILLING_MSG.invoice.handled);
  const row = await deps.db
    .selectFrom('invoice_requests')
    .selectAll()
    .where('id', '=', input.id)
    .executeTakeFirstOrThrow();
  const [answer] = await toAdmin(deps, [row]);
  return answer!;
}
