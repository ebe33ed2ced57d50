import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { WorkCard } from '@shared/contract/common';
import type { LicenceKind, TrendPeriod, WorkDetail, WorkStyle } from '@shared/contract/works';
import {
  LICENCE_KINDS,
  TREND_PERIODS,
  TREND_PERIOD_TITLES,
  WORK_STYLE_TITLES,
  getCreationArea,
  getCreationDetail,
  getCreationList,
  getCreationSeriesList,
  getFondClassifications,
  getHomeWallList,
  getHotCreationInfo,
  getHotCreationList,
  getPopular,
  getSeriesList,
  setFondClassification,
} from '@shared/contract/works';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { SessionUser } from '../../http/session-auth';
import { createTtlCache } from '../../platform/cache/ttl-cache';
import { designerProfile } from '../designers/designer-profiles';
import { AREA_TREE } from './areas';
import {
  applyWorkFilters,
  pageOfCards,
  pageWindow,
  thumbsOfGroups,
  toCount,
} from './catalogue-queries';
import { publishedCardsQuery, toWorkCards } from './work-cards';
import { serviceOf } from '../../plugins/services';

const SIMILAR_SIZE = 10;
/** How long a public list page is kept (it is also dropped whenever a work changes). */
const LIST_CACHE_MS = 10_000;
/** How long a work's public detail is kept; its counters are read fresh on every view. */
const DETAIL_CACHE_MS = 60_000;
/** A detail's favourite and sale counts are re-read at most this often. */
const COUNTS_CACHE_MS = 2_000;

/** The latest hot-seller list of a period, if the seed or a job has made one. */
export async function latestHotTrend(db: Kysely<Database>, period: TrendPeriod) {
  return db
    .selectFrom('trends')
    .selectAll()
    .where('kind', '=', 'hot')
    .where('period', '=', period)
    .orderBy('starts_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Published works of a trend list, by rank, with their rank. */
export async function rankedWorks(
  db: Kysely<Database>,
  trendId: number,
  page: { pageIndex?: number | undefined; pageSize?: number | undefined },
) {
  const { limit, offset } = pageWindow(page);
  const base = publishedCardsQuery(db)
    .innerJoin('trend_works as tw', 'tw.work_id', 'w.id')
    .where('tw.trend_id', '=', trendId);
  const [count, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    base.select('tw.rank').orderBy('tw.rank').limit(limit).offset(offset).execute(),
  ]);
  const cards = await toWorkCards(db, rows);
  return {
    list: cards.map((card, i) => ({ ...card, rank: rows[i]?.rank ?? i + 1 })),
    total: toCount(count.n),
  };
}

function parseStrings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function registerCatalogueRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  const nowIso = () => new Date(app.deps.now()).toISOString();

  // Lists and details are read far more often than works change: they are kept briefly and dropped as
  // soon as a work is published, edited or withdrawn (indexWorkTerms reports it, work-changes.ts).
  const listCache = createTtlCache<{ list: WorkCard[]; total: number }>({
    ttlMs: LIST_CACHE_MS,
    maxEntries: 500,
    now: app.deps.now,
  });
  const detailCache = createTtlCache<WorkDetail>({
    ttlMs: DETAIL_CACHE_MS,
    maxEntries: 5_000,
    now: app.deps.now,
  });
  const stopListening = serviceOf(app, 'worksChanged').on(() => {
    listCache.clear();
    detailCache.clear();
  });
  const views = serviceOf(app, 'viewCounter');
  type Counts = { views: number; viewsMark: number; favourites: number; sales: number };
  const counts = createTtlCache<Counts>({
    ttlMs: COUNTS_CACHE_MS,
    maxEntries: 5_000,
    now: app.deps.now,
  });
  const countsOf = (id: number) =>
    counts.getOrLoad(String(id), async () => {
      const row = await db
        .selectFrom('works')
        .select(['view_count', 'favourite_count', 'sale_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // Views still in memory count too; later ones are added from the mark.
      return {
        views: row.view_count + views.pending(id),
        viewsMark: views.recorded(id),
        favourites: row.favourite_count,
        sales: row.sale_count,
      };
    });
  app.addHook('onClose', async () => {
    stopListening();
  });

  registerCall(app, getCreationList, (input) =>
    listCache.getOrLoad(JSON.stringify(input), async () => {
      const query = await applyWorkFilters(db, publishedCardsQuery(db), input);
      return pageOfCards(db, query, input, input.sort);
    }),
  );

  /** Same style first, then the same category; each by sales. Two index range scans. */
  const similarRows = async (row: { id: number; style: string; category_kid: number }) => {
    const bySales = <Q extends ReturnType<typeof publishedCardsQuery>>(q: Q) =>
      q.where('w.id', '!=', row.id).orderBy('w.sale_count', 'desc').orderBy('w.id', 'desc');
    const sameStyle = await bySales(publishedCardsQuery(db).where('w.style', '=', row.style))
      .limit(SIMILAR_SIZE)
      .execute();
    if (sameStyle.length >= SIMILAR_SIZE) return sameStyle;
    const sameCategory = await bySales(
      publishedCardsQuery(db)
        .where('w.category_kid', '=', row.category_kid)
        .where('w.style', '!=', row.style),
    )
      .limit(SIMILAR_SIZE - sameStyle.length)
      .execute();
    return [...sameStyle, ...sameCategory];
  };

  /** A work's detail as everyone sees it: no view counted and no viewer state (added per request). */
  const publicDetail = async (id: number, user: SessionUser | null): Promise<WorkDetail> => {
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
    // Unpublished works are visible only to their own designer.
    const visible =
      row &&
      row.status !== 'deleted' &&
      (row.status === 'published' || (user !== null && user.id === row.designer_id));
    if (!row || !visible) throw AppError.notFound('作品不存在或已下架');

    const [card] = await toWorkCards(db, [row]);
    if (!card) throw AppError.notFound('作品不存在或已下架');
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
        designerProfile(db, row.designer_id, null),
        similarRows(row),
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
      similar: await toWorkCards(db, similar),
      seriesWorks: await toWorkCards(db, seriesRows),
      tags: parseStrings(row.tags),
    };
  };

  registerCall(app, getCreationDetail, async (input, { user }) => {
    const key = String(input.id);
    let detail = detailCache.get(key);
    if (!detail) {
      detail = await publicDetail(input.id, user);
      // Only published works are cached: drafts are seen by their designer alone.
      if (detail.status === 'published') detailCache.set(key, detail);
    }
    if (detail.status === 'published') {
      // Every fetch counts a view (written in batches); the counters are at most seconds old.
      const current = await countsOf(detail.id);
      views.record(detail.id);
      detail.viewCount = current.views + views.recorded(detail.id) - current.viewsMark;
      detail.favouriteCount = current.favourites;
      detail.saleCount = current.sales;
    }
    if (!user) return detail;
    const viewedAt = nowIso();
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
  });

  registerCall(app, getHotCreationList, async (input) => {
    const period = input.period ?? 'week';
    const trend = await latestHotTrend(db, period);
    const title = `${TREND_PERIOD_TITLES[period]}爆款`;
    if (!trend) return { period, title, trendId: null, startsOn: '', list: [], total: 0 };
    const page = await rankedWorks(db, trend.id, input);
    return { period, title: trend.title, trendId: trend.id, startsOn: trend.starts_on, ...page };
  });

  registerCall(app, getHotCreationInfo, async (input) => {
    const work = await db
      .selectFrom('works')
      .select(['id', 'view_count', 'favourite_count', 'sale_count'])
      .where('id', '=', input.id)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (!work) throw AppError.notFound('作品不存在或已下架');
    const ranks = [];
    for (const period of TREND_PERIODS) {
      const trend = await latestHotTrend(db, period);
      if (!trend) continue;
      const entry = await db
        .selectFrom('trend_works')
        .select('rank')
        .where('trend_id', '=', trend.id)
        .where('work_id', '=', work.id)
        .executeTakeFirst();
      if (entry) ranks.push({ period, title: trend.title, trendId: trend.id, rank: entry.rank });
    }
    return {
      id: work.id,
      ranks,
      viewCount: work.view_count,
      favouriteCount: work.favourite_count,
      saleCount: work.sale_count,
    };
  });

  registerCall(app, getPopular, async (input) => {
    const works = await db
      .selectFrom('works as w')
      .innerJoin('categories as c', 'c.kid', 'w.category_kid')
      .select(['w.id', 'w.style', 'w.sale_count', 'w.category_kid', 'c.parent_kid'])
      .where('w.status', '=', 'published')
      .$if(input.headerType !== undefined, (q) =>
        q.where('w.header_type', '=', input.headerType ?? 0),
      )
      .orderBy('w.sale_count', 'desc')
      .orderBy('w.id', 'desc')
      .execute();
    type Tally = { workCount: number; saleCount: number; ids: number[] };
    const tally = <K>(map: Map<K, Tally>, key: K, w: (typeof works)[number]) => {
      const t = map.get(key) ?? { workCount: 0, saleCount: 0, ids: [] };
      t.workCount += 1;
      t.saleCount += w.sale_count;
      t.ids.push(w.id);
      map.set(key, t);
    };
    const byStyle = new Map<string, Tally>();
    const byTop = new Map<number, Tally>();
    for (const w of works) {
      tally(byStyle, w.style, w);
      tally(byTop, w.parent_kid ?? w.category_kid, w);
    }
    const [styleCovers, topCovers, topTitles, colours] = await Promise.all([
      thumbsOfGroups(db, new Map([...byStyle].map(([k, t]) => [k, t.ids]))),
      thumbsOfGroups(db, new Map([...byTop].map(([k, t]) => [k, t.ids]))),
      db
        .selectFrom('categories')
        .select(['kid', 'title'])
        .where('parent_kid', 'is', null)
        .execute(),
      db
        .selectFrom('work_colors as wc')
        .innerJoin('works as w', 'w.id', 'wc.work_id')
        .where('w.status', '=', 'published')
        .$if(input.headerType !== undefined, (q) =>
          q.where('w.header_type', '=', input.headerType ?? 0),
        )
        .groupBy('wc.swatch')
        .select((eb) => ['wc.swatch', eb.fn.countAll<number>().as('n')])
        .execute(),
    ]);
    const titleOf = new Map(topTitles.map((c) => [c.kid, c.title]));
    const colourCount = new Map(colours.map((c) => [c.swatch, toCount(c.n)]));
    const bySales = (a: Tally, b: Tally) => b.saleCount - a.saleCount || b.workCount - a.workCount;
    return {
      styles: [...byStyle]
        .filter((entry): entry is [WorkStyle, Tally] => entry[0] in WORK_STYLE_TITLES)
        .sort((a, b) => bySales(a[1], b[1]))
        .map(([style, t]) => ({
          style,
          title: WORK_STYLE_TITLES[style],
          workCount: t.workCount,
          saleCount: t.saleCount,
          covers: styleCovers.get(style) ?? [],
        })),
      categories: [...byTop]
        .sort((a, b) => bySales(a[1], b[1]))
        .map(([kid, t]) => ({
          kid,
          title: titleOf.get(kid) ?? '',
          workCount: t.workCount,
          saleCount: t.saleCount,
          covers: topCovers.get(kid) ?? [],
        })),
      colors: COLOUR_SWATCHES.map((s) => ({
        color: s.key,
        name: s.name,
        hex: s.hex,
        workCount: colourCount.get(s.key) ?? 0,
      }))
        .filter((c) => c.workCount > 0)
        .sort((a, b) => b.workCount - a.workCount),
    };
  });

  async function seriesCards(where: { designerId?: number; seriesId?: number }) {
    const rows = await db
      .selectFrom('series as s')
      .innerJoin('users as u', 'u.id', 's.designer_id')
      .select(['s.id', 's.title', 's.description', 's.designer_id', 'u.user_name', 's.sort'])
      .$if(where.designerId !== undefined, (q) =>
        q.where('s.designer_id', '=', where.designerId ?? 0),
      )
      .$if(where.seriesId !== undefined, (q) => q.where('s.id', '=', where.seriesId ?? 0))
      .orderBy('s.sort')
      .orderBy('s.id')
      .execute();
    if (rows.length === 0) return [];
    const works = await db
      .selectFrom('works')
      .select(['id', 'series_id'])
      .where(
        'series_id',
        'in',
        rows.map((r) => r.id),
      )
      .where('status', '=', 'published')
      .orderBy('sale_count', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const bySeries = new Map<number, number[]>();
    for (const w of works) {
      if (w.series_id === null) continue;
      bySeries.set(w.series_id, [...(bySeries.get(w.series_id) ?? []), w.id]);
    }
    const covers = await thumbsOfGroups(db, bySeries);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      designerId: r.designer_id,
      designerName: r.user_name,
      workCount: bySeries.get(r.id)?.length ?? 0,
      covers: covers.get(r.id) ?? [],
    }));
  }

  registerCall(app, getSeriesList, async (input) => {
    await designerProfile(db, input.designerId, null);
    return (await seriesCards({ designerId: input.designerId })).filter((s) => s.workCount > 0);
  });

  registerCall(app, getCreationSeriesList, async (input) => {
    const [series] = await seriesCards({ seriesId: input.seriesId });
    if (!series) throw AppError.notFound('系列不存在');
    const query = publishedCardsQuery(db).where('w.series_id', '=', input.seriesId);
    return { series, ...(await pageOfCards(db, query, input, 'newest')) };
  });

  registerCall(app, getHomeWallList, async (input) =>
    pageOfCards(db, publishedCardsQuery(db), input, 'popular'),
  );

  registerCall(app, getCreationArea, async () => AREA_TREE);

  registerCall(app, setFondClassification, async (input, { currentUser }) => {
    const me = currentUser();
    const kids = [...new Set(input.kids)];
    if (kids.length > 0) {
      const known = await db
        .selectFrom('categories')
        .select('kid')
        .where('kid', 'in', kids)
        .execute();
      if (known.length !== kids.length) throw AppError.notFound('品类不存在');
    }
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_fond_classifications').where('user_id', '=', me.id).execute();
      if (kids.length > 0) {
        await trx
          .insertInto('user_fond_classifications')
          .values(kids.map((kid) => ({ user_id: me.id, kid, created_at: now })))
          .execute();
      }
    });
    return { kids };
  });

  registerCall(app, getFondClassifications, async (_input, { currentUser }) => {
    const me = currentUser();
    const rows = await db
      .selectFrom('user_fond_classifications as f')
      .innerJoin('categories as c', 'c.kid', 'f.kid')
      .select(['c.kid', 'c.title'])
      .where('f.user_id', '=', me.id)
      .orderBy('c.sort')
      .orderBy('c.kid')
      .execute();
    return { categories: rows };
  });
}

/** Published works in the user's favourite categories (and their children), or null when none are set. */
export async function fondCategoryKids(
  db: Kysely<Database>,
  userId: number,
): Promise<number[] | null> {
  const rows = await db
    .selectFrom('user_fond_classifications as f')
    .innerJoin('categories as c', (join) =>
      join.on((eb) =>
        eb.or([eb('c.kid', '=', eb.ref('f.kid')), eb('c.parent_kid', '=', eb.ref('f.kid'))]),
      ),
    )
    .select('c.kid')
    .where('f.user_id', '=', userId)
    .execute();
  return rows.length > 0 ? [...new Set(rows.map((r) => r.kid))] : null;
}
