import type { Kysely } from 'kysely';
import type { SaleRecord } from '@shared/contract/sale-records';
import { SALE_EXPORT_MAX_ROWS } from '@shared/contract/sale-records';
import { DESIGNER_SHARE_PERCENT } from '@shared/rules/publishing';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { chinaDayStartMs as parseChinaDay, chinaMonth } from '../../platform/china-time';
import { publicUrl } from '../../platform/storage/storage';
import { PREVIEW_WIDTH, THUMB_WIDTH } from '../works/work-cards';
import { toCount } from '../publishing/guards';
import { SALE_RECORD_MSG } from './messages';

// Sale records of a designer (/user/saleRecord). Orders write them; until ordering lands the table
// is empty and every query here answers an empty set.

export type SaleFilters = {
  licenceKind?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  keyword?: string | undefined;
};

/** A China calendar day (UTC+8) as the UTC instant it starts at. */
function chinaDayStartMs(day: string): number {
  const ms = parseChinaDay(day);
  // 2026-02-30 matches the pattern but is no day: refused, not turned into an invalid date.
  if (ms === null) throw AppError.rule(SALE_RECORD_MSG.badDay(day.slice(0, 10)));
  return ms;
}
const chinaDayStart = (day: string) => new Date(chinaDayStartMs(day)).toISOString();
const chinaDayAfter = (day: string) => new Date(chinaDayStartMs(day) + 86_400_000).toISOString();

function filtered(db: Kysely<Database>, designerId: number, f: SaleFilters) {
  let q = db
    .selectFrom('sale_records as r')
    .innerJoin('works as w', 'w.id', 'r.work_id')
    .where('r.designer_id', '=', designerId);
  if (f.licenceKind) q = q.where('r.licence_kind', '=', f.licenceKind);
  if (f.startDate) q = q.where('r.sold_at', '>=', chinaDayStart(f.startDate));
  if (f.endDate) q = q.where('r.sold_at', '<', chinaDayAfter(f.endDate));
  const keyword = f.keyword?.trim();
  if (keyword) {
    q = q.where((eb) =>
      eb.or([eb('w.title', 'like', `%${keyword}%`), eb('r.order_no', '=', keyword)]),
    );
  }
  return q;
}

const recordColumns = [
  'r.id',
  'r.work_id',
  'w.title',
  'r.order_no',
  'r.buyer_company',
  'r.licence_kind',
  'r.licence_title',
  'r.amount_fen',
  'r.share_fen',
  'r.sold_at',
] as const;

type RecordRow = {
  id: number;
  work_id: number;
  title: string;
  order_no: string;
  buyer_company: string;
  licence_kind: string;
  licence_title: string;
  amount_fen: number;
  share_fen: number;
  sold_at: string;
};

async function imagesOf(
  db: Kysely<Database>,
  workIds: readonly number[],
  kind: 'thumb' | 'preview',
): Promise<Map<number, string>> {
  if (workIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('work_images')
    .select(['work_id', 'storage_key'])
    .where('work_id', 'in', [...new Set(workIds)])
    .where('kind', '=', kind)
    .where('format', '=', 'webp')
    .where('width', '=', kind === 'thumb' ? THUMB_WIDTH : PREVIEW_WIDTH)
    .execute();
  return new Map(rows.map((r) => [r.work_id, publicUrl(r.storage_key)]));
}

async function toRecords(db: Kysely<Database>, rows: readonly RecordRow[]): Promise<SaleRecord[]> {
  const thumbs = await imagesOf(
    db,
    rows.map((r) => r.work_id),
    'thumb',
  );
  return rows.map((r) => ({
    id: r.id,
    workId: r.work_id,
    workTitle: r.title,
    thumbUrl: thumbs.get(r.work_id) ?? '',
    orderNo: r.order_no,
    buyerCompany: r.buyer_company,
    licenceKind: r.licence_kind,
    licenceTitle: r.licence_title,
    amountFen: r.amount_fen,
    shareFen: r.share_fen,
    soldAt: r.sold_at,
  }));
}

export async function saleRecordList(
  db: Kysely<Database>,
  designerId: number,
  input: SaleFilters & { pageIndex: number; pageSize: number },
) {
  const q = filtered(db, designerId, input);
  const [totals, rows] = await Promise.all([
    q
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('r.amount_fen').as('amount'),
        eb.fn.sum<number>('r.share_fen').as('share'),
      ])
      .executeTakeFirstOrThrow(),
    q
      .select([...recordColumns])
      .orderBy('r.sold_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  return {
    list: await toRecords(db, rows),
    total: toCount(totals.n),
    totals: {
      count: toCount(totals.n),
      amountFen: toCount(totals.amount),
      shareFen: toCount(totals.share),
    },
  };
}

export async function exportSales(db: Kysely<Database>, designerId: number, f: SaleFilters) {
  const rows = await filtered(db, designerId, f)
    .select([...recordColumns])
    .orderBy('r.sold_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(SALE_EXPORT_MAX_ROWS + 1)
    .execute();
  return {
    rows: await toRecords(db, rows.slice(0, SALE_EXPORT_MAX_ROWS)),
    truncated: rows.length > SALE_EXPORT_MAX_ROWS,
  };
}

/** YYYY-MM of an instant in China time. */

/** The last `months` calendar months (China time), oldest first, with zeros where nothing sold. */
export async function saleMonthlyStats(
  deps: AppDeps,
  designerId: number,
  months: number,
): Promise<{ month: string; count: number; amountFen: number; shareFen: number }[]> {
  const now = new Date(deps.now() + 8 * 3_600_000);
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    keys.push(d.toISOString().slice(0, 7));
  }
  const first = keys[0] ?? chinaMonth(deps.now());
  const rows = await deps.db
    .selectFrom('sale_records')
    .select(['sold_at', 'amount_fen', 'share_fen'])
    .where('designer_id', '=', designerId)
    .where('sold_at', '>=', chinaDayStart(`${first}-01`))
    .execute();
  const byMonth = new Map(keys.map((k) => [k, { month: k, count: 0, amountFen: 0, shareFen: 0 }]));
  for (const r of rows) {
    const entry = byMonth.get(chinaMonth(Date.parse(r.sold_at)));
    if (!entry) continue;
    entry.count += 1;
    entry.amountFen += r.amount_fen;
    entry.shareFen += r.share_fen;
  }
  return [...byMonth.values()];
}

export async function saleRecordDetail(db: Kysely<Database>, designerId: number, id: number) {
  const row = await db
    .selectFrom('sale_records as r')
    .innerJoin('works as w', 'w.id', 'r.work_id')
    .select([...recordColumns, 'r.designer_id'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row || row.designer_id !== designerId)
    throw AppError.notFound(SALE_RECORD_MSG.recordMissing);
  const [record] = await toRecords(db, [row]);
  const previews = await imagesOf(db, [row.work_id], 'preview');
  if (!record) throw AppError.notFound(SALE_RECORD_MSG.recordMissing);
  return {
    ...record,
    sharePercent:
      row.amount_fen > 0
        ? Math.round((row.share_fen / row.amount_fen) * 100)
        : DESIGNER_SHARE_PERCENT,
    previewUrl: previews.get(row.work_id) ?? '',
  };
}
