import { createHash } from 'node:crypto';
import {
  RENEWAL_GRACE_DAYS,
  RENEWAL_WINDOW_DAYS,
  type OrderDetail,
  type RenewableLicence,
} from '@shared/contract/orders';
import { designerShareFen, orderAmountFen } from '@shared/rules/order-price';
import { AppError } from '../../http/app-error';
import { chinaDay } from '../../platform/china-time';
import type { CommerceConfig } from './order-service';
import { closeExpiredOrders, newOrderNo, ownOrder } from './order-service';
import type { Db, OrderRow } from './order-queries';
import { isInt, parseJsonArray, thumbsOf, toDetail } from './order-queries';
import { ORDERS_MSG } from './messages';

// Renewing a time-limited licence (issue 11): a new pending order for the same work, licence,
// categories and keywords at the licence's current price, whose period starts where the old one
// ends (payment-service's fulfilInTrx reads renewal_of). Exclusivity passes from the old order to
// its renewal; a category someone else holds now cannot be renewed. Only one renewal of an order
// is pending or paid at a time, enforced by a partial unique index (migration 0035).

type Deps = { db: Db; now: () => number; commerce: CommerceConfig };

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Candidate = {
  order: OrderRow;
  title: string;
  workStatus: string;
  licencePriceFen: number | null;
  categories: { kid: number; title: string }[];
  heldByOther: boolean;
  pendingRenewalNo: string;
  renewed: boolean;
};

/** The caller's paid licences inside the renewal window, with what stands in their way. */
async function candidates(deps: Deps, buyerId: number, orderNo: string): Promise<Candidate[]> {
  const { db } = deps;
  const nowMs = deps.now();
  let q = db
    .selectFrom('orders as o')
    .innerJoin('works as w', 'w.id', 'o.work_id')
    .leftJoin('work_licences as l', (j) =>
      j.onRef('l.id', '=', 'o.licence_id').onRef('l.work_id', '=', 'o.work_id'),
    )
    .selectAll('o')
    .select(['w.title as work_title', 'w.status as work_status', 'l.price_fen as licence_price'])
    .where('o.buyer_id', '=', buyerId)
    .where('o.state', 'in', ['paid', 'authorised'])
    .where('o.licence_end', 'is not', null)
    .where('o.licence_end', '<=', iso(nowMs + RENEWAL_WINDOW_DAYS * DAY_MS))
    .where('o.licence_end', '>=', iso(nowMs - RENEWAL_GRACE_DAYS * DAY_MS));
  if (orderNo) q = q.where('o.order_no', '=', orderNo);
  const rows = await q.orderBy('o.licence_end').orderBy('o.id').execute();
  if (rows.length === 0) return [];
  const orderNos = rows.map((r) => r.order_no);
  const [renewals, held, categories] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['order_no', 'renewal_of', 'state'])
      .where('renewal_of', 'in', orderNos)
      .where('state', 'in', ['pending', 'paid', 'authorised'])
      .execute(),
    db
      .selectFrom('work_exclusives')
      .select(['work_id', 'category_kid', 'order_no'])
      .where(
        'work_id',
        'in',
        rows.map((r) => r.work_id),
      )
      .where('until', '>', iso(nowMs))
      .execute(),
    db.selectFrom('categories').select(['kid', 'title']).execute(),
  ]);
  const categoryTitle = new Map(categories.map((c) => [c.kid, c.title]));
  return rows.map((r) => {
    const kids = parseJsonArray(r.category_kids, isInt);
    const exclusive = r.licence_kind === 'category_exclusive';
    const mine = renewals.filter((x) => x.renewal_of === r.order_no);
    return {
      order: r,
      title: r.work_title,
      workStatus: r.work_status,
      licencePriceFen: r.licence_price,
      categories: kids.map((kid) => ({ kid, title: categoryTitle.get(kid) ?? '' })),
      heldByOther:
        exclusive &&
        held.some(
          (h) =>
            h.work_id === r.work_id && kids.includes(h.category_kid) && h.order_no !== r.order_no,
        ),
      pendingRenewalNo: mine.find((x) => x.state === 'pending')?.order_no ?? '',
      renewed: mine.some((x) => x.state !== 'pending'),
    };
  });
}

/** Why a candidate cannot be renewed now, or null. */
function obstacle(c: Candidate): string | null {
  if (c.renewed) return ORDERS_MSG.renewal.renewed;
  if (c.workStatus !== 'published') return ORDERS_MSG.renewal.workGone;
  if (c.licencePriceFen === null) return ORDERS_MSG.renewal.licenceGone;
  if (c.heldByOther) return ORDERS_MSG.renewal.exclusiveTaken;
  if (c.pendingRenewalNo) return ORDERS_MSG.renewal.pendingRenewal;
  return null;
}

const priceOf = (c: Candidate, termYears: number) =>
  orderAmountFen({
    unitPriceFen: c.licencePriceFen ?? c.order.unit_price_fen,
    kind: c.order.licence_kind,
    termYears,
    categoryCount: c.categories.length,
  });

/** Order/GetRenewalEmpowerList: licences ending within 60 days or ended within 30, not yet renewed. */
export async function renewableLicences(
  deps: Deps,
  buyerId: number,
  orderNo: string,
): Promise<RenewableLicence[]> {
  await closeExpiredOrders(deps);
  const list = (await candidates(deps, buyerId, orderNo)).filter((c) => !c.renewed);
  const thumbs = await thumbsOf(
    deps.db,
    list.map((c) => c.order.work_id),
  );
  const nowMs = deps.now();
  return list.map((c) => {
    const endMs = Date.parse(c.order.licence_end ?? '');
    const problem = obstacle(c);
    return {
      orderNo: c.order.order_no,
      creationId: c.order.work_id,
      title: c.title,
      thumbUrl: thumbs.get(c.order.work_id) ?? '',
      licenceKind: c.order.licence_kind,
      licenceTitle: c.order.licence_title,
      orderType: c.order.order_type,
      categories: c.categories,
      licenceStart: c.order.licence_start ? chinaDay(Date.parse(c.order.licence_start)) : '',
      licenceEnd: chinaDay(endMs),
      daysLeft: Math.ceil((endMs - nowMs) / DAY_MS),
      yearPriceFen: priceOf(c, 1),
      renewable: problem === null,
      reason: problem ?? '',
      pendingRenewalNo: c.pendingRenewalNo,
    };
  });
}

/**
 * Order/SubmitRenewal: a pending order continuing `orderNo`, priced now. The same idempotency key
 * returns the first renewal (a retry, a double click).
 */
export async function submitRenewal(
  deps: Deps,
  buyerId: number,
  input: { orderNo: string; termYears: number; idemKey: string },
): Promise<OrderDetail> {
  const { db } = deps;
  const hash = createHash('sha256')
    .update(JSON.stringify(['renewal', input.orderNo, input.termYears]))
    .digest('hex');
  const earlier = await db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .where('idem_key', '=', input.idemKey)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.request_hash !== hash) throw AppError.conflict(ORDERS_MSG.renewal.idemReused);
    return toDetail(db, earlier, deps.now());
  }
  // Someone else's order is answered as not found, like every order call.
  await ownOrder(db, buyerId, input.orderNo);
  await closeExpiredOrders(deps);
  const [c] = await candidates(deps, buyerId, input.orderNo);
  if (!c) throw AppError.rule(ORDERS_MSG.renewal.notRenewable);
  const problem = obstacle(c);
  if (problem) {
    throw problem === ORDERS_MSG.renewal.pendingRenewal ||
      problem === ORDERS_MSG.renewal.exclusiveTaken
      ? AppError.conflict(problem)
      : AppError.rule(problem);
  }
  const old = c.order;
  const unitPriceFen = c.licencePriceFen ?? old.unit_price_fen;
  const amountFen = priceOf(c, input.termYears);
  const nowMs = deps.now();
  const row = {
    order_no: newOrderNo('WY', nowMs),
    buyer_id: buyerId,
    work_id: old.work_id,
    designer_id: old.designer_id,
    licence_id: old.licence_id,
    licence_kind: old.licence_kind,
    licence_title: old.licence_title,
    order_type: old.order_type,
    category_kids: old.category_kids,
    keywords: old.keywords,
    custom_key: old.custom_key,
    term_years: input.termYears,
    unit_price_fen: unitPriceFen,
    amount_fen: amountFen,
    share_fen: designerShareFen(amountFen),
    state: 'pending',
    idem_key: input.idemKey,
    request_hash: hash,
    buyer_name: old.buyer_name,
    renewal_of: old.order_no,
    expires_at: iso(nowMs + deps.commerce.orderTtlMs),
    created_at: iso(nowMs),
    updated_at: iso(nowMs),
  };
  try {
    await db.insertInto('orders').values(row).execute();
  } catch (err) {
    const winner = await db
      .selectFrom('orders')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .where('idem_key', '=', input.idemKey)
      .executeTakeFirst();
    if (!winner) {
      // Another renewal of this licence was made at the same moment with another key: only one
      // may be live (orders_one_live_renewal, migration 0035).
      const live = await db
        .selectFrom('orders')
        .select('state')
        .where('renewal_of', '=', old.order_no)
        .where('state', 'in', ['pending', 'paid', 'authorised'])
        .executeTakeFirst();
      if (!live) throw err;
      throw AppError.conflict(
        live.state === 'pending' ? ORDERS_MSG.renewal.pendingRenewal : ORDERS_MSG.renewal.renewed,
      );
    }
    if (winner.request_hash !== hash) throw AppError.conflict(ORDERS_MSG.renewal.idemReused);
    return toDetail(db, winner, deps.now());
  }
  const created = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_no', '=', row.order_no)
    .executeTakeFirstOrThrow();
  return toDetail(db, created, nowMs);
}
