import type { FastifyInstance } from 'fastify';
import type { TrendCard } from '@shared/contract/themes';
import {
  getRecommendThemeList,
  getReferenceIywTuList,
  getThemeCreationList,
  getThemeIsHot,
  getThemeList,
  getTrendDetail,
} from '@shared/contract/themes';
import type { TrendPeriod } from '@shared/contract/works';
import { TREND_PERIODS, TREND_PERIOD_TITLES } from '@shared/contract/works';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import {
  pageOfCards,
  pageWindow,
  previewUrl,
  thumbsOfGroups,
  toCount,
} from '../works/catalogue-queries';
import { rankedWorks } from '../works/catalogue-routes';
import { publishedCardsQuery } from '../works/work-cards';
import { themeCardsQuery, toThemeCard } from './theme-cards';
import { collectionState } from '../collections/collected';
import { MSG } from '@shared/messages';
import { THEME_MSG } from './messages';

const isPeriod = (value: string): value is TrendPeriod =>
  (TREND_PERIODS as readonly string[]).includes(value);

export function registerThemesRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  const nowIso = () => new Date(app.deps.now()).toISOString();

  registerCall(app, getThemeList, async (input) => {
    const { limit, offset } = pageWindow(input);
    const hot = input.isHot;
    const base = db
      .selectFrom('themes')
      .$if(hot !== undefined, (q) => q.where('is_hot', '=', hot ? 1 : 0));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      themeCardsQuery(db)
        .$if(hot !== undefined, (q) => q.where('t.is_hot', '=', hot ? 1 : 0))
        .orderBy('t.sort')
        .orderBy('t.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { list: rows.map(toThemeCard), total: toCount(count.n) };
  });

  registerCall(app, getThemeCreationList, async (input, { user }) => {
    const row = await themeCardsQuery(db).where('t.id', '=', input.themeId).executeTakeFirst();
    if (!row) throw AppError.notFound(MSG.missing.theme);
    const [banner, collected] = await Promise.all([
      previewUrl(db, row.cover_work_id),
      collectionState(db, 'theme', row.id, user?.id ?? null),
    ]);
    if (user && (input.pageIndex ?? 1) === 1) {
      const viewedAt = nowIso();
      await db
        .insertInto('browse_history')
        .values({ user_id: user.id, target_type: 'theme', target_id: row.id, viewed_at: viewedAt })
        .onConflict((oc) =>
          oc.columns(['user_id', 'target_type', 'target_id']).doUpdateSet({ viewed_at: viewedAt }),
        )
        .execute();
    }
    const works = publishedCardsQuery(db).where((eb) =>
      eb(
        'w.id',
        'in',
        eb.selectFrom('theme_works as tw').select('tw.work_id').where('tw.theme_id', '=', row.id),
      ),
    );
    const page = await pageOfCards(db, works, input, input.sort);
    return {
      theme: {
        ...toThemeCard(row),
        bannerUrl: banner,
        createdAt: row.created_at,
        ...collected,
      },
      ...page,
    };
  });

  registerCall(app, getRecommendThemeList, async (input) => {
    const rows = await themeCardsQuery(db)
      .$if(input.excludeId !== undefined, (q) => q.where('t.id', '!=', input.excludeId ?? 0))
      .orderBy('t.is_hot', 'desc')
      .orderBy('t.sort')
      .orderBy('t.id')
      .limit(input.size ?? 4)
      .execute();
    return rows.map(toThemeCard);
  });

  registerCall(app, getThemeIsHot, async () => {
    const rows = await themeCardsQuery(db)
      .where('t.is_hot', '=', 1)
      .orderBy('t.sort')
      .orderBy('t.id')
      .execute();
    const members = await db
      .selectFrom('theme_works as tw')
      .innerJoin('works as w', 'w.id', 'tw.work_id')
      .select(['tw.theme_id', 'tw.work_id'])
      .where('tw.theme_id', 'in', rows.length > 0 ? rows.map((r) => r.id) : [0])
      .where('w.status', '=', 'published')
      .orderBy('tw.sort')
      .orderBy('tw.work_id')
      .execute();
    const byTheme = new Map<number, number[]>();
    for (const m of members)
      byTheme.set(m.theme_id, [...(byTheme.get(m.theme_id) ?? []), m.work_id]);
    const previews = await thumbsOfGroups(db, byTheme, 4);
    return rows.map((r) => ({ ...toThemeCard(r), previews: previews.get(r.id) ?? [] }));
  });

  async function trendCards(filter: { period?: TrendPeriod; id?: number }): Promise<TrendCard[]> {
    const trends = await db
      .selectFrom('trends')
      .selectAll()
      .$if(filter.period !== undefined, (q) => q.where('period', '=', filter.period ?? 'week'))
      .$if(filter.id !== undefined, (q) => q.where('id', '=', filter.id ?? 0))
      .orderBy('starts_on', 'desc')
      .orderBy('id')
      .execute();
    if (trends.length === 0) return [];
    const members = await db
      .selectFrom('trend_works as tw')
      .innerJoin('works as w', 'w.id', 'tw.work_id')
      .select(['tw.trend_id', 'tw.work_id'])
      .where(
        'tw.trend_id',
        'in',
        trends.map((t) => t.id),
      )
      .where('w.status', '=', 'published')
      .orderBy('tw.rank')
      .execute();
    const byTrend = new Map<number, number[]>();
    for (const m of members)
      byTrend.set(m.trend_id, [...(byTrend.get(m.trend_id) ?? []), m.work_id]);
    const covers = await thumbsOfGroups(db, byTrend, 4);
    const cards = trends.flatMap((t): TrendCard[] =>
      isPeriod(t.period)
        ? [
            {
              id: t.id,
              title: t.title,
              subtitle: t.subtitle,
              period: t.period,
              periodTitle: TREND_PERIOD_TITLES[t.period],
              startsOn: t.starts_on,
              workCount: byTrend.get(t.id)?.length ?? 0,
              covers: covers.get(t.id) ?? [],
            },
          ]
        : [],
    );
    // Hot-seller lists first (week, month, season), then the trend references.
    const kindOf = new Map(trends.map((t) => [t.id, t.kind]));
    const weight = (c: TrendCard) =>
      (kindOf.get(c.id) === 'hot' ? 0 : 10) + TREND_PERIODS.indexOf(c.period);
    return cards.sort((a, b) => weight(a) - weight(b));
  }

  registerCall(app, getReferenceIywTuList, async (input) =>
    trendCards(input.period ? { period: input.period } : {}),
  );

  registerCall(app, getTrendDetail, async (input) => {
    const [trend] = await trendCards({ id: input.id });
    if (!trend) throw AppError.notFound(THEME_MSG.trendMissing);
    return { trend, ...(await rankedWorks(db, trend.id, input)) };
  });
}
