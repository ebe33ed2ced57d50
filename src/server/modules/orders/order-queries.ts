import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  ORDER_STATE_TITLES,
  PAY_CHANNEL_TITLES,
  type OrderDetail,
  type OrderState,
  type OrderSummary,
} from '@shared/contract/orders';
import type { Database, OrdersTable } from '../../db/schema';
import { chinaDay } from '../../platform/china-time';
import { publicUrl } from '../../platform/storage/storage';
import { THUMB_WIDTH } from '../works/work-cards';

// Reading orders as the buyer sees them: rows → summaries and details, with thumbnails and names.

export type Db = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<OrdersTable>;

export const isOrderState = (s: string): s is OrderState => s in ORDER_STATE_TITLES;

export function parseJsonArray<T>(json: string, ok: (v: unknown) => v is T): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter(ok) : [];
  } catch {
    return [];
  }
}
export const isInt = (v: unknown): v is number => Number.isInteger(v);
export const isString = (v: unknown): v is string => typeof v === 'string';

/** Thumbnails of works, by id. */
export async function thumbsOf(db: Db, workIds: readonly number[]): Promise<Map<number, string>> {
  const map = new Map<number, string>();
  if (workIds.length === 0) return map;
  const rows = await db
    .selectFrom('work_images')
    .select(['work_id', 'kind', 'storage_key', 'format', 'width'])
    .where('work_id', 'in', [...new Set(workIds)])
    .where('kind', 'in', ['thumb', 'preview'])
    .execute();
  for (const r of rows) {
    const best = r.kind === 'thumb' && r.format === 'webp' && r.width === THUMB_WIDTH;
    if (best || !map.has(r.work_id)) map.set(r.work_id, publicUrl(r.storage_key));
  }
  return map;
}

type Names = { titles: Map<number, string>; designers: Map<number, string> };

async function namesOf(db: Db, rows: readonly OrderRow[]): Promise<Names> {
  const titles = new Map<number, string>();
  const designers = new Map<number, string>();
  if (rows.length === 0) return { titles, designers };
  const works = await db
    .selectFrom('works as w')
    .innerJoin('users as u', 'u.id', 'w.designer_id')
    .select(['w.id', 'w.title', 'u.user_name'])
    .where(
      'w.id',
      'in',
      rows.map((r) => r.work_id),
    )
    .execute();
  for (const w of works) {
    titles.set(w.id, w.title);
    designers.set(w.id, w.user_name);
  }
  return { titles, designers };
}

const day = (iso: string | null) => (iso ? chinaDay(Date.parse(iso)) : '');

function summaryOf(row: OrderRow, names: Names, thumbs: Map<number, string>): OrderSummary {
  const state: OrderState = isOrderState(row.state) ? row.state : 'pending';
  return {
    orderNo: row.order_no,
    state,
    stateTitle: ORDER_STATE_TITLES[state],
    creationId: row.work_id,
    title: names.titles.get(row.work_id) ?? '',
    thumbUrl: thumbs.get(row.work_id) ?? '',
    designerName: names.designers.get(row.work_id) ?? '',
    licenceKind: row.licence_kind,
    licenceTitle: row.licence_title,
    orderType: row.order_type,
    termYears: row.term_years,
    amountFen: row.amount_fen,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    licenceStart: day(row.licence_start),
    licenceEnd: day(row.licence_end),
  };
}

export async function toSummaries(db: Db, rows: readonly OrderRow[]): Promise<OrderSummary[]> {
  const [names, thumbs] = await Promise.all([
    namesOf(db, rows),
    thumbsOf(
      db,
      rows.map((r) => r.work_id),
    ),
  ]);
  return rows.map((r) => summaryOf(r, names, thumbs));
}

/** Whether the licensee may download the original now. */
export function canDownload(row: OrderRow, nowMs: number): boolean {
  return (
    (row.state === 'paid' || row.state === 'authorised') &&
    row.licence_end !== null &&
    Date.parse(row.licence_end) > nowMs
  );
}

export async function toDetail(db: Db, row: OrderRow, nowMs: number): Promise<OrderDetail> {
  const [summary] = await toSummaries(db, [row]);
  const kids = parseJsonArray(row.category_kids, isInt);
  const categories =
    kids.length === 0
      ? []
      : await db
          .selectFrom('categories')
          .select(['kid', 'title'])
          .where('kid', 'in', kids)
          .execute();
  const pending =
    row.state === 'pending'
      ? await db
          .selectFrom('payments')
          .select('pay_order_no')
          .where('order_no', '=', row.order_no)
          .where('state', '=', 'pending')
          .where('expires_at', '>', new Date(nowMs).toISOString())
          .orderBy('id', 'desc')
          .executeTakeFirst()
      : undefined;
  const channel = row.pay_channel ?? '';
  return {
    ...summary!,
    categories: kids
      .map((kid) => categories.find((c) => c.kid === kid))
      .filter((c): c is { kid: number; title: string } => c !== undefined),
    keywords: parseJsonArray(row.keywords, isString),
    customKey: row.custom_key,
    unitPriceFen: row.unit_price_fen,
    remarks: row.remarks,
    payChannel: channel,
    payChannelTitle: PAY_CHANNEL_TITLES[channel] ?? '',
    cancelReason: row.cancel_reason,
    refundReason: row.refund_reason,
    contractSigned: row.contract_signed_at !== null,
    contractSigner: row.contract_signer,
    canDownload: canDownload(row, nowMs),
    pendingPayOrderNo: pending?.pay_order_no ?? '',
  };
}
