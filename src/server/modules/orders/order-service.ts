import { createHash, randomInt } from 'node:crypto';
import { HEADER_TYPE } from '@shared/constants';
import {
  EMPOWER_KEYWORDS,
  type EmpowerCategory,
  type EmpowerInfo,
  type OrderDetail,
  type OrderState,
  type OrderSummary,
  type SubmitOrderInput,
} from '@shared/contract/orders';
import { checkCustomKey, designerShareFen, orderAmountFen } from '@shared/rules/order-price';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { chinaDay, chinaStamp } from '../../platform/china-time';
import type { Db, OrderRow } from './order-queries';
import { canDownload, thumbsOf, toDetail, toSummaries } from './order-queries';
import { MSG } from '@shared/messages';
import { ORDERS_MSG } from './messages';
import { DEFAULT_BANK_ACCOUNT } from './commerce-vocabulary';

// Licence orders: the scope a buyer may choose, submitting (idempotent), reading, cancelling and
// the closing of unpaid orders (docs/orders.md). Paying lives in payment-service.ts.

export type CommerceConfig = {
  /** How long an unpaid order (and its QR codes) stays payable. */
  orderTtlMs: number;
  /** How long a bank-transfer order waits for the money. */
  bankTransferTtlMs: number;
  /** Days a designer's share stays pending before it can be withdrawn. */
  settlementDays: number;
  /** The account bank transfers go to. */
  bankAccount: { accountName: string; bankName: string; accountNo: string };
};

export const DEFAULT_COMMERCE_CONFIG: CommerceConfig = {
  orderTtlMs: 30 * 60_000,
  bankTransferTtlMs: 3 * 86_400_000,
  settlementDays: 7,
  bankAccount: { ...DEFAULT_BANK_ACCOUNT },
};

export const exclusiveTakenMessage = ORDERS_MSG.order.exclusiveTaken;

/** WY + China date-time + 6 random digits: unique, sortable, readable over the phone. */
export function newOrderNo(prefix: string, nowMs: number): string {
  const stamp = chinaStamp(nowMs);
  // Ten random digits: at 100 numbers a second the chance that two share one is about 5 in 10⁷ a
  // second (six digits collided in bench:commerce at ~70 orders/s); the unique index stays the guard.
  return `${prefix}${stamp}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Unpaid orders past their time close, with their QR payments (each at most once). */
export async function closeExpiredOrders(deps: Pick<AppDeps, 'db' | 'now'>): Promise<void> {
  const now = iso(deps.now());
  await deps.db
    .updateTable('orders')
    .set({
      state: 'cancelled',
      cancelled_at: now,
      cancel_reason: ORDERS_MSG.order.expired,
      updated_at: now,
    })
    .where('state', '=', 'pending')
    .where('expires_at', '<', now)
    .execute();
  await deps.db
    .updateTable('payments')
    .set({ state: 'closed' })
    .where('state', '=', 'pending')
    .where('expires_at', '<', now)
    .execute();
}

/** Top-level categories: the categories of use a licence can cover. */
export async function empowerCategories(db: Db): Promise<{ kid: number; title: string }[]> {
  return db
    .selectFrom('categories')
    .select(['kid', 'title'])
    .where('parent_kid', 'is', null)
    .orderBy('sort')
    .orderBy('kid')
    .execute();
}

/** Every category of use with whether its exclusivity on this work is held now. */
export async function categoryActuality(
  db: Db,
  workId: number,
  nowMs: number,
): Promise<EmpowerCategory[]> {
  const [categories, held] = await Promise.all([
    empowerCategories(db),
    db
      .selectFrom('work_exclusives')
      .select(['category_kid', 'until'])
      .where('work_id', '=', workId)
      .where('until', '>', iso(nowMs))
      .execute(),
  ]);
  const until = new Map(held.map((h) => [h.category_kid, h.until]));
  return categories.map((c) => {
    const end = until.get(c.kid);
    return {
      kid: c.kid,
      title: c.title,
      taken: end !== undefined,
      takenUntil: end ? chinaDay(Date.parse(end)) : '',
    };
  });
}

async function saleableWork(db: Db, workId: number) {
  return db
    .selectFrom('works as w')
    .innerJoin('users as u', 'u.id', 'w.designer_id')
    .select(['w.id', 'w.title', 'w.status', 'w.header_type', 'w.designer_id', 'u.user_name'])
    .where('w.id', '=', workId)
    .executeTakeFirst();
}

/** What a buyer may license on a work: its options, prices and categories (Empower calls). */
export async function empowerInfo(
  deps: Pick<AppDeps, 'db' | 'now'>,
  workId: number,
): Promise<EmpowerInfo> {
  const work = await saleableWork(deps.db, workId);
  if (!work || work.status === 'deleted') throw AppError.notFound(MSG.missing.work);
  const [options, categories, thumbs] = await Promise.all([
    deps.db
      .selectFrom('work_licences')
      .select(['id', 'kind', 'title', 'price_fen', 'scope'])
      .where('work_id', '=', workId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    categoryActuality(deps.db, workId, deps.now()),
    thumbsOf(deps.db, [workId]),
  ]);
  return {
    creationId: work.id,
    title: work.title,
    thumbUrl: thumbs.get(work.id) ?? '',
    designerName: work.user_name,
    orderType: work.header_type === HEADER_TYPE.categoryExclusive ? 'purchase' : 'material',
    options: options.map((o) => ({
      licenceId: o.id,
      kind: o.kind,
      title: o.title,
      priceFen: o.price_fen,
      scope: o.scope,
    })),
    categories,
    onSale: work.status === 'published',
  };
}

function requestHash(input: SubmitOrderInput): string {
  const canonical = JSON.stringify([
    input.creationId,
    input.licenceId,
    [...input.categoryKids].sort((a, b) => a - b),
    [...input.keywords].sort(),
    input.customKey.trim(),
    input.termYears,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

async function byIdemKey(db: Db, buyerId: number, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

/**
 * Submits a licence order, priced on the server. The same idempotency key returns the first order
 * (a retry, a double click); the same key with other choices is refused.
 */
export async function submitOrder(
  deps: Pick<AppDeps, 'db' | 'now'> & { commerce: CommerceConfig },
  buyerId: number,
  input: SubmitOrderInput,
): Promise<OrderDetail> {
  const { db } = deps;
  const hash = requestHash(input);
  const earlier = await byIdemKey(db, buyerId, input.idemKey);
  if (earlier) {
    if (earlier.request_hash !== hash) throw AppError.conflict(ORDERS_MSG.order.idemReused);
    return toDetail(db, earlier, deps.now());
  }
  if (!input.agreed) throw AppError.rule(ORDERS_MSG.order.needAgreement);
  const work = await saleableWork(db, input.creationId);
  if (!work || work.status !== 'published') throw AppError.rule(ORDERS_MSG.order.workGone);
  if (work.designer_id === buyerId) throw AppError.rule(ORDERS_MSG.order.ownWork);
  const licence = await db
    .selectFrom('work_licences')
    .selectAll()
    .where('id', '=', input.licenceId)
    .where('work_id', '=', work.id)
    .executeTakeFirst();
  if (!licence) throw AppError.rule(ORDERS_MSG.order.licenceGone);

  const kids = [...new Set(input.categoryKids)];
  const exclusive = licence.kind === 'category_exclusive';
  if (exclusive && kids.length === 0) throw AppError.rule(ORDERS_MSG.order.needCategory);
  const actuality = await categoryActuality(db, work.id, deps.now());
  for (const kid of kids) {
    const category = actuality.find((c) => c.kid === kid);
    if (!category) throw AppError.rule(ORDERS_MSG.order.categoryUnknown);
    if (exclusive && category.taken) {
      throw AppError.conflict(exclusiveTakenMessage(category.title, category.takenUntil));
    }
  }
  const keywords = [...new Set(input.keywords.map((k) => k.trim()))];
  if (keywords.some((k) => !(EMPOWER_KEYWORDS as readonly string[]).includes(k))) {
    throw AppError.rule(ORDERS_MSG.order.keywordUnknown);
  }
  const keyProblem = checkCustomKey(input.customKey);
  if (keyProblem) throw AppError.rule(keyProblem);

  const amountFen = orderAmountFen({
    unitPriceFen: licence.price_fen,
    kind: licence.kind,
    termYears: input.termYears,
    categoryCount: kids.length,
  });
  const buyer = await db
    .selectFrom('users')
    .select('user_name')
    .where('id', '=', buyerId)
    .executeTakeFirstOrThrow();
  const nowMs = deps.now();
  const row = {
    order_no: newOrderNo('WY', nowMs),
    buyer_id: buyerId,
    work_id: work.id,
    designer_id: work.designer_id,
    licence_id: licence.id,
    licence_kind: licence.kind,
    licence_title: licence.title,
    order_type: work.header_type === HEADER_TYPE.categoryExclusive ? 'purchase' : 'material',
    category_kids: JSON.stringify(kids),
    keywords: JSON.stringify(keywords),
    custom_key: input.customKey.trim(),
    term_years: input.termYears,
    unit_price_fen: licence.price_fen,
    amount_fen: amountFen,
    share_fen: designerShareFen(amountFen),
    state: 'pending',
    idem_key: input.idemKey,
    request_hash: hash,
    buyer_name: buyer.user_name,
    expires_at: iso(nowMs + deps.commerce.orderTtlMs),
    created_at: iso(nowMs),
    updated_at: iso(nowMs),
  };
  try {
    await db.insertInto('orders').values(row).execute();
  } catch (err) {
    // Two submits with one key at once: the other one won; answer as a retry would be answered.
    const winner = await byIdemKey(db, buyerId, input.idemKey);
    if (!winner) throw err;
    if (winner.request_hash !== hash) throw AppError.conflict(ORDERS_MSG.order.idemReused);
    return toDetail(db, winner, deps.now());
  }
  const created = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', row.order_no)
    .executeTakeFirstOrThrow();
  return toDetail(db, created, nowMs);
}

/** The buyer's own order; anyone else's is answered as not found. */
export async function ownOrder(db: Db, buyerId: number, orderNo: string): Promise<OrderRow> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(ORDERS_MSG.order.notFound);
  return row;
}

export async function getOrder(
  deps: Pick<AppDeps, 'db' | 'now'>,
  buyerId: number,
  orderNo: string,
): Promise<OrderDetail> {
  await closeExpiredOrders(deps);
  return toDetail(deps.db, await ownOrder(deps.db, buyerId, orderNo), deps.now());
}

export async function myOrders(
  deps: Pick<AppDeps, 'db' | 'now'>,
  buyerId: number,
  input: { state: OrderState | ''; keyword: string; pageIndex: number; pageSize: number },
): Promise<{ list: OrderSummary[]; total: number; counts: Record<string, number> }> {
  await closeExpiredOrders(deps);
  const { db } = deps;
  let q = db.selectFrom('orders as o').where('o.buyer_id', '=', buyerId);
  if (input.state) q = q.where('o.state', '=', input.state);
  const keyword = input.keyword.trim();
  if (keyword) {
    q = q
      .innerJoin('works as w', 'w.id', 'o.work_id')
      .where((eb) =>
        eb.or([eb('w.title', 'like', `%${keyword}%`), eb('o.order_no', '=', keyword)]),
      );
  }
  const [total, rows, byState] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .selectAll('o')
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
    db
      .selectFrom('orders')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('buyer_id', '=', buyerId)
      .groupBy('state')
      .execute(),
  ]);
  const counts: Record<string, number> = {};
  for (const s of byState) counts[s.state] = Number(s.n);
  return { list: await toSummaries(db, rows), total: Number(total.n), counts };
}

/** Cancels an unpaid order (its QR codes stop being payable). */
export async function cancelOrder(
  deps: Pick<AppDeps, 'db' | 'now'>,
  buyerId: number,
  orderNo: string,
): Promise<OrderDetail> {
  await ownOrder(deps.db, buyerId, orderNo);
  const now = iso(deps.now());
  const done = await deps.db
    .updateTable('orders')
    .set({
      state: 'cancelled',
      cancelled_at: now,
      cancel_reason: ORDERS_MSG.order.cancelledByBuyer,
      updated_at: now,
    })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw AppError.conflict(ORDERS_MSG.order.notPending);
  await deps.db
    .updateTable('payments')
    .set({ state: 'closed' })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .execute();
  return getOrder(deps, buyerId, orderNo);
}

export async function updateRemarks(
  deps: Pick<AppDeps, 'db' | 'now'>,
  buyerId: number,
  orderNo: string,
  remarks: string,
): Promise<OrderDetail> {
  await ownOrder(deps.db, buyerId, orderNo);
  await deps.db
    .updateTable('orders')
    .set({ remarks: remarks.trim(), updated_at: iso(deps.now()) })
    .where('order_no', '=', orderNo)
    .where('buyer_id', '=', buyerId)
    .execute();
  return getOrder(deps, buyerId, orderNo);
}

/** The caller's latest order on a work that is still alive (to pay, or licensed). */
export async function orderCodeByCreation(
  deps: Pick<AppDeps, 'db' | 'now'>,
  buyerId: number | null,
  workId: number,
): Promise<{ orderNo: string; state: OrderState | ''; canDownload: boolean }> {
  if (buyerId === null) return { orderNo: '', state: '', canDownload: false };
  await closeExpiredOrders(deps);
  const rows = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .where('work_id', '=', workId)
    .where('state', 'in', ['pending', 'paid', 'authorised'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const licensed = rows.find((r) => canDownload(r, deps.now()));
  const row = licensed ?? rows.find((r) => r.state === 'pending');
  if (!row) return { orderNo: '', state: '', canDownload: false };
  return {
    orderNo: row.order_no,
    state: row.state as OrderState,
    canDownload: canDownload(row, deps.now()),
  };
}

/** The public verification page of an order's trade certificate (for sharing a licence). */
export async function shareLink(db: Db, orderNo: string, origin: string): Promise<string> {
  const doc = await db
    .selectFrom('issued_documents')
    .select('code')
    .where('order_no', '=', orderNo)
    .where('kind', '=', 'trade')
    .executeTakeFirst();
  if (!doc) throw AppError.rule(ORDERS_MSG.order.shareNeedsPayment);
  return new URL(`/verify/${doc.code}`, origin).href;
}
