import type { Kysely } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type {
  TrendPeriod,
  WorkStyle,
  getHotCreationInfo,
  getHotCreationList,
  getPopular,
} from '@shared/contract/works';
import { TREND_PERIODS, TREND_PERIOD_TITLES, WORK_STYLE_TITLES } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { pageWindow, thumbsOfGroups, toCount } from './catalogue-queries';
import type { PageInput } from './catalogue-queries';
import { publishedCardsQuery, toWorkCards } from './work-cards';

// What sells: the hot-seller lists (爆款) by period, a work's ranks in them, and the popular styles,
// categories and colours.

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
export async function rankedWorks(db: Kysely<Database>, trendId: number, page: PageInput) {
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

/** One page of the latest hot-seller list of a period (a week by default); empty before there is one. */
export async function hotWorkList(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getHotCreationList>,
): Promise<CallResponse<typeof getHotCreationList>> {
  const period = input.period ?? 'week';
  const trend = await latestHotTrend(deps.db, period);
  const title = MSG.hotListTitle(TREND_PERIOD_TITLES[period]);
  if (!trend) return { period, title, trendId: null, startsOn: '', list: [], total: 0 };
  const page = await rankedWorks(deps.db, trend.id, input);
  return { period, title: trend.title, trendId: trend.id, startsOn: trend.starts_on, ...page };
}

/** A published work's counters and its rank in each period's latest hot-seller list. */
export async function hotWorkInfo(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getHotCreationInfo>,
): Promise<CallResponse<typeof getHotCreationInfo>> {
  const { db } = deps;
  const work = await db
    .selectFrom('works')
    .select(['id', 'view_count', 'favourite_count', 'sale_count'])
    .where('id', '=', input.id)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (!work) throw AppError.notFound(MSG.missing.workUnavailable);
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
}

/** Styles and top categories by sales, and colours by published works, each with covers. */
export async function popularFacets(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getPopular>,
): Promise<CallResponse<typeof getPopular>> {
  const { db } = deps;
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
    db.selectFrom('categories').select(['kid', 'title']).where('parent_kid', 'is', null).execute(),
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
}
