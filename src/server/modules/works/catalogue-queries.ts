import type { Kysely } from 'kysely';
import type { WorkCard } from '@shared/contract/common';
import type { WorkFilters, WorkSort } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import { THUMB_WIDTH, publishedCardsQuery, toWorkCards } from './work-cards';

export type CardsQuery = ReturnType<typeof publishedCardsQuery>;

/** The /work filters (the contract's, without the sort) and one designer's works. */
export type WorkFilterInput = Omit<WorkFilters, 'sort'> & { designerId?: number | undefined };

export type PageInput = { pageIndex?: number | undefined; pageSize?: number | undefined };

/** limit/offset of a page; the schema already bounds pageSize. */
export function pageWindow(input: PageInput): { limit: number; offset: number } {
  const pageSize = input.pageSize ?? 20;
  const pageIndex = input.pageIndex ?? 1;
  return { limit: pageSize, offset: (pageIndex - 1) * pageSize };
}

/** A category and its children (the tree is two levels deep); an unknown kid is a bad filter. */
export async function categoryWithChildren(db: Kysely<Database>, kid: number): Promise<number[]> {
  const rows = await db
    .selectFrom('categories')
    .select('kid')
    .where((eb) => eb.or([eb('kid', '=', kid), eb('parent_kid', '=', kid)]))
    .execute();
  if (rows.length === 0) throw AppError.notFound(MSG.missing.category);
  return rows.map((r) => r.kid);
}

/** Narrows published cards by the /work filters. */
export async function applyWorkFilters(
  db: Kysely<Database>,
  query: CardsQuery,
  filters: WorkFilterInput,
): Promise<CardsQuery> {
  let q = query;
  if (filters.headerType !== undefined) q = q.where('w.header_type', '=', filters.headerType);
  if (filters.kid !== undefined) {
    q = q.where('w.category_kid', 'in', await categoryWithChildren(db, filters.kid));
  }
  if (filters.style !== undefined) q = q.where('w.style', '=', filters.style);
  if (filters.seamless !== undefined) q = q.where('w.is_seamless', '=', filters.seamless ? 1 : 0);
  if (filters.designerId !== undefined) q = q.where('w.designer_id', '=', filters.designerId);
  const color = filters.color;
  if (color !== undefined) {
    q = q.where((eb) =>
      eb(
        'w.id',
        'in',
        eb.selectFrom('work_colors as wc').select('wc.work_id').where('wc.swatch', '=', color),
      ),
    );
  }
  return q;
}

/** newest: published first; popular: most favourited; bestselling: most sold. Ties by id. */
export function orderWorks(query: CardsQuery, sort: WorkSort = 'newest'): CardsQuery {
  switch (sort) {
    case 'popular':
      return query
        .orderBy('w.favourite_count', 'desc')
        .orderBy('w.view_count', 'desc')
        .orderBy('w.id', 'desc');
    case 'bestselling':
      return query.orderBy('w.sale_count', 'desc').orderBy('w.id', 'desc');
    default:
      return query.orderBy('w.published_at', 'desc').orderBy('w.id', 'desc');
  }
}

/** One page of cards and the total matching the (unordered) query. */
export async function pageOfCards(
  db: Kysely<Database>,
  query: CardsQuery,
  page: PageInput,
  sort?: WorkSort,
): Promise<{ list: WorkCard[]; total: number }> {
  const { limit, offset } = pageWindow(page);
  const [total, rows] = await Promise.all([
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((count) => Number(count.n)),
    orderWorks(query, sort).limit(limit).offset(offset).execute(),
  ]);
  return { list: await toWorkCards(db, rows), total };
}

/** Cards of the given works in the given order (unpublished ones are left out). */
export async function cardsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<WorkCard[]> {
  if (ids.length === 0) return [];
  const rows = await publishedCardsQuery(db)
    .where('w.id', 'in', [...ids])
    .execute();
  const cards = await toWorkCards(db, rows);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id)).filter((c): c is WorkCard => c !== undefined);
}

/** WebP thumbnail URLs of works, by work id. */
export async function thumbUrls(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('work_images')
    .select(['work_id', 'storage_key'])
    .where('work_id', 'in', [...new Set(ids)])
    .where('kind', '=', 'thumb')
    .where('format', '=', 'webp')
    .where('width', '=', THUMB_WIDTH)
    .execute();
  return new Map(rows.map((r) => [r.work_id, publicUrl(r.storage_key)]));
}

/** The preview URL of one work ('' when it has none). */
export async function previewUrl(db: Kysely<Database>, workId: number | null): Promise<string> {
  if (workId === null) return '';
  const row = await db
    .selectFrom('work_images')
    .select('storage_key')
    .where('work_id', '=', workId)
    .where('kind', '=', 'preview')
    .executeTakeFirst();
  return row ? publicUrl(row.storage_key) : '';
}

/**
 * Thumbnails of the best-selling published works of each owner (designer), up to `per` each.
 * Used for the small cover strips of designer, hall and follow cards.
 */
export async function topThumbsByDesigner(
  db: Kysely<Database>,
  designerIds: readonly number[],
  per = 4,
): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (designerIds.length === 0) return result;
  const rows = await db
    .selectFrom('works')
    .select(['id', 'designer_id'])
    .where('designer_id', 'in', [...new Set(designerIds)])
    .where('status', '=', 'published')
    .orderBy('sale_count', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const chosen: { id: number; designer: number }[] = [];
  const counts = new Map<number, number>();
  for (const r of rows) {
    const n = counts.get(r.designer_id) ?? 0;
    if (n >= per) continue;
    counts.set(r.designer_id, n + 1);
    chosen.push({ id: r.id, designer: r.designer_id });
  }
  const urls = await thumbUrls(
    db,
    chosen.map((c) => c.id),
  );
  for (const c of chosen) {
    const url = urls.get(c.id);
    if (!url) continue;
    result.set(c.designer, [...(result.get(c.designer) ?? []), url]);
  }
  return result;
}

/** Thumbnails of up to `per` works for each group of work ids (keeps the given order). */
export async function thumbsOfGroups<K>(
  db: Kysely<Database>,
  groups: Map<K, number[]>,
  per = 4,
): Promise<Map<K, string[]>> {
  const wanted = [...groups.values()].flatMap((ids) => ids.slice(0, per));
  const urls = await thumbUrls(db, wanted);
  const result = new Map<K, string[]>();
  for (const [key, ids] of groups) {
    result.set(
      key,
      ids
        .slice(0, per)
        .map((id) => urls.get(id))
        .filter((u): u is string => u !== undefined),
    );
  }
  return result;
}

/** Count of rows as a number on both dialects. */
export const toCount = (value: unknown): number => Number(value ?? 0);
