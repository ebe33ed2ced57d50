import type { Kysely } from 'kysely';
import type { WorkCard } from '@shared/contract/common';
import type { DesignerProfile } from '@shared/contract/designers';
import type { LicenceKind, WorkDetail, WorkStyle } from '@shared/contract/works';
import { LICENCE_KINDS, WORK_STYLE_TITLES } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/session-auth';
import { iso } from '../accounts/clock';
import { designerProfile } from '../designers/designer-profiles';
import type { CatalogueCache } from './catalogue-cache';
import { publishedCardsQuery, toWorkCards } from './work-cards';

// A work's detail page: what everyone sees (cached), its live counters, and what the viewer has done
// with it (collected, following the designer), which also records the view in their history.

const SIMILAR_SIZE = 10;

function parseStrings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** What the details of many works share, read once for all of them (catalogue-cache.ts keeps them). */
export type DetailSources = {
  /** A designer's public profile (no viewer state). */
  designerOf: (designerId: number) => Promise<DesignerProfile>;
  /** The best-selling published works of a style, one more than a detail shows (by sales, id). */
  bestOfStyle: (style: string) => Promise<WorkCard[]>;
};

/** The best-selling published works of a style, SIMILAR_SIZE + 1 of them: an index range scan. */
export async function bestOfStyle(db: Kysely<Database>, style: string): Promise<WorkCard[]> {
  const rows = await publishedCardsQuery(db)
    .where('w.style', '=', style)
    .orderBy('w.sale_count', 'desc')
    .orderBy('w.id', 'desc')
    .limit(SIMILAR_SIZE + 1)
    .execute();
  return toWorkCards(db, rows);
}

/** Read for this detail alone. */
export const uncachedSources = (db: Kysely<Database>): DetailSources => ({
  designerOf: (designerId) => designerProfile(db, designerId, null),
  bestOfStyle: (style) => bestOfStyle(db, style),
});

/** Same style first, then the same category; each by sales (the work itself left out). */
async function similarCards(
  db: Kysely<Database>,
  sources: DetailSources,
  row: { id: number; style: string; category_kid: number },
): Promise<WorkCard[]> {
  const sameStyle = (await sources.bestOfStyle(row.style))
    .filter((card) => card.id !== row.id)
    .slice(0, SIMILAR_SIZE);
  if (sameStyle.length >= SIMILAR_SIZE) return sameStyle;
  const sameCategory = await publishedCardsQuery(db)
    .where('w.category_kid', '=', row.category_kid)
    .where('w.style', '!=', row.style)
    .where('w.id', '!=', row.id)
    .orderBy('w.sale_count', 'desc')
    .orderBy('w.id', 'desc')
    .limit(SIMILAR_SIZE - sameStyle.length)
    .execute();
  return [...sameStyle, ...(await toWorkCards(db, sameCategory))];
}

/**
 * A work's detail as everyone sees it: no view counted and no viewer state (added per request).
 * Unpublished works are visible only to their own designer. What details share comes from
 * `sources` (the catalogue's caches; by default read here).
 */
export async function publicWorkDetail(
  deps: Pick<AppDeps, 'db'>,
  id: number,
  user: SessionUser | null,
  sources: DetailSources = uncachedSources(deps.db),
): Promise<WorkDetail> {
  const { db } = deps;
  const row = await db
    .selectFrom('works as w')
    .innerJoin('users as u', 'u.id', 'w.designer_id')
    .innerJoin('categories as c', 'c.kid', 'w.category_kid')
    .where('w.id', '=', id)
    .select([
      'w.id',
      'w.title',
      'w.width',
      'w.height',
      'w.designer_id',
      'u.user_name as designer_name',
      'w.category_kid',
      'c.title as category_title',
      'c.parent_kid as category_parent',
      'w.header_type',
      'w.style',
      'w.is_seamless',
      'w.tags',
      'w.colors',
      'w.favourite_count',
      'w.view_count',
      'w.sale_count',
      'w.price_fen',
      'w.description',
      'w.status',
      'w.created_at',
      'w.updated_at',
      'w.published_at',
      'w.series_id',
    ])
    .executeTakeFirst();
  const visible =
    row &&
    row.status !== 'deleted' &&
    (row.status === 'published' || (user !== null && user.id === row.designer_id));
  if (!row || !visible) throw AppError.notFound(MSG.missing.workUnavailable);

  const [card] = await toWorkCards(db, [row]);
  if (!card) throw AppError.notFound(MSG.missing.workUnavailable);
  const [parent, series, themes, licences, swatches, designer, similar, seriesRows] =
    await Promise.all([
      row.category_parent === null
        ? Promise.resolve(undefined)
        : db
            .selectFrom('categories')
            .select(['kid', 'title'])
            .where('kid', '=', row.category_parent)
            .executeTakeFirst(),
      row.series_id === null
        ? Promise.resolve(undefined)
        : db
            .selectFrom('series')
            .select(['id', 'title'])
            .where('id', '=', row.series_id)
            .executeTakeFirst(),
      db
        .selectFrom('theme_works as tw')
        .innerJoin('themes as t', 't.id', 'tw.theme_id')
        .select(['t.id', 't.title'])
        .where('tw.work_id', '=', row.id)
        .orderBy('t.sort')
        .execute(),
      db
        .selectFrom('work_licences')
        .select(['kind', 'title', 'price_fen', 'scope'])
        .where('work_id', '=', row.id)
        .orderBy('sort')
        .execute(),
      db.selectFrom('work_colors').select('swatch').where('work_id', '=', row.id).execute(),
      sources.designerOf(row.designer_id),
      similarCards(db, sources, row),
      row.series_id === null
        ? Promise.resolve([])
        : publishedCardsQuery(db)
            .where('w.series_id', '=', row.series_id)
            .where('w.id', '!=', row.id)
            .orderBy('w.published_at', 'desc')
            .limit(SIMILAR_SIZE)
            .execute(),
    ]);
  const swatchOrder = COLOUR_SWATCHES.map((s) => s.key as string);
  return {
    ...card,
    description: row.description,
    styleTitle: WORK_STYLE_TITLES[row.style as WorkStyle] ?? row.style,
    swatches: swatches
      .map((s) => s.swatch)
      .sort((a, b) => swatchOrder.indexOf(a) - swatchOrder.indexOf(b)),
    categoryPath: [
      ...(parent ? [parent] : []),
      { kid: row.category_kid, title: row.category_title },
    ],
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    series: series ?? null,
    themes,
    licences: licences
      .filter((l): l is typeof l & { kind: LicenceKind } =>
        (LICENCE_KINDS as readonly string[]).includes(l.kind),
      )
      .map((l) => ({ kind: l.kind, title: l.title, priceFen: l.price_fen, scope: l.scope })),
    designer,
    isCollected: false,
    collectGroupId: null,
    similar,
    seriesWorks: await toWorkCards(db, seriesRows),
    tags: parseStrings(row.tags),
  };
}

/**
 * A work's detail for one request: a published work counts a view and shows counters at most
 * seconds old; a signed-in viewer's history records it, and sees whether they collected the work
 * and follow its designer.
 */
export async function workDetail(
  deps: Pick<AppDeps, 'db' | 'now'>,
  cache: Pick<CatalogueCache, 'details' | 'designers' | 'bestOfStyle' | 'countsOf' | 'views'>,
  id: number,
  user: SessionUser | null,
): Promise<WorkDetail> {
  const { db } = deps;
  const sources: DetailSources = {
    designerOf: (designerId) =>
      cache.designers.getOrLoad(String(designerId), () => designerProfile(db, designerId, null)),
    bestOfStyle: (style) => cache.bestOfStyle.getOrLoad(style, () => bestOfStyle(db, style)),
  };
  // What everyone sees, loaded once however many ask for it at the same time. Only published works
  // resolve without a viewer, so only they are cached: drafts are seen by their designer alone.
  let detail = await cache.details
    .getOrLoad(String(id), () => publicWorkDetail(deps, id, null, sources))
    .catch((err: unknown) => {
      if (user === null || !(err instanceof AppError) || err.httpStatus !== 404) throw err;
      return null;
    });
  detail ??= await publicWorkDetail(deps, id, user, sources);
  if (detail.status === 'published') {
    // Every fetch counts a view (written in batches); the counters are at most seconds old.
    const current = await cache.countsOf(detail.id);
    cache.views.record(detail.id);
    detail.viewCount = current.views + cache.views.recorded(detail.id) - current.viewsMark;
    detail.favouriteCount = current.favourites;
    detail.saleCount = current.sales;
  }
  if (!user) return detail;
  const viewedAt = iso(deps.now());
  const workId = detail.id;
  const [, collection, follow] = await Promise.all([
    db
      .insertInto('browse_history')
      .values({ user_id: user.id, target_type: 'work', target_id: workId, viewed_at: viewedAt })
      .onConflict((oc) =>
        oc.columns(['user_id', 'target_type', 'target_id']).doUpdateSet({ viewed_at: viewedAt }),
      )
      .execute(),
    db
      .selectFrom('collections')
      .select('group_id')
      .where('user_id', '=', user.id)
      .where('target_type', '=', 'work')
      .where('target_id', '=', workId)
      .executeTakeFirst(),
    db
      .selectFrom('follows')
      .select('target_id')
      .where('user_id', '=', user.id)
      .where('target_type', '=', 'designer')
      .where('target_id', '=', detail.designer.userId)
      .executeTakeFirst(),
  ]);
  return {
    ...detail,
    isCollected: collection !== undefined,
    collectGroupId: collection?.group_id ?? null,
    designer: { ...detail.designer, isFollowed: follow !== undefined },
  };
}
