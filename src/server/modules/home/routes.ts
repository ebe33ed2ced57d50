import type { FastifyInstance } from 'fastify';
import { HEADER_TYPE } from '@shared/constants';
import type { HomeSection } from '@shared/contract/home';
import { advertise, getHomeInfo, getHomeRecommendList } from '@shared/contract/home';
import type { ThemeCard } from '@shared/contract/themes';
import { getBannerList, saveBanner, setBannerEnabled, sortBanners } from '@shared/contract/topics';
import { registerCall } from '../../http/register-call';
import { publicUrl } from '../../platform/storage/storage';
import { pageOfCards } from '../works/catalogue-queries';
import { fondCategoryKids } from '../works/catalogue-routes';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';
import * as banners from './banner-service';
import { HOME_MSG } from './messages';

const SECTION_SIZE = 10;

export function registerHomeRoutes(app: FastifyInstance): void {
  const { db } = app.deps;

  registerCall(app, getHomeInfo, async () => {
    const [hot, exclusive, materials] = await Promise.all([
      publishedCardsQuery(db)
        .orderBy('w.sale_count', 'desc')
        .orderBy('w.id')
        .limit(SECTION_SIZE)
        .execute(),
      publishedCardsQuery(db)
        .where('w.header_type', '=', HEADER_TYPE.categoryExclusive)
        .orderBy('w.published_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(SECTION_SIZE)
        .execute(),
      publishedCardsQuery(db)
        .where('w.header_type', '=', HEADER_TYPE.materials)
        .orderBy('w.published_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(SECTION_SIZE)
        .execute(),
    ]);
    const sections: HomeSection[] = [
      {
        key: 'hot',
        ...HOME_MSG.hot,
        works: await toWorkCards(db, hot),
      },
      {
        key: 'exclusive',
        ...HOME_MSG.exclusive,
        works: await toWorkCards(db, exclusive),
      },
      {
        key: 'materials',
        ...HOME_MSG.materials,
        works: await toWorkCards(db, materials),
      },
    ];

    const themeRows = await db
      .selectFrom('themes as t')
      .leftJoin('work_images as i', (join) =>
        join
          .onRef('i.work_id', '=', 't.cover_work_id')
          .on('i.kind', '=', 'thumb')
          .on('i.format', '=', 'webp'),
      )
      .select((eb) => [
        't.id',
        't.title',
        't.subtitle',
        't.is_hot',
        'i.storage_key',
        eb
          .selectFrom('theme_works as tw')
          .whereRef('tw.theme_id', '=', 't.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('work_count'),
      ])
      .orderBy('t.sort')
      .orderBy('t.id')
      .limit(8)
      .execute();
    const themes: ThemeCard[] = themeRows.map((t) => ({
      id: t.id,
      title: t.title,
      subtitle: t.subtitle,
      coverUrl: t.storage_key ? publicUrl(t.storage_key) : '',
      workCount: Number(t.work_count ?? 0),
      isHot: t.is_hot === 1,
    }));

    const [worksCount, designersCount] = await Promise.all([
      db
        .selectFrom('works')
        .where('status', '=', 'published')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .where('settle_status', '=', 1)
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      sections,
      themes,
      stats: { works: Number(worksCount.n), designers: Number(designersCount.n) },
    };
  });

  registerCall(app, getHomeRecommendList, async (input, { user }) => {
    // A signed-in user's favourite categories narrow the recommendations (UserBehavior/SetFondClassification).
    const fond = user ? await fondCategoryKids(db, user.id) : null;
    let query = publishedCardsQuery(db);
    if (input.headerType !== undefined) query = query.where('w.header_type', '=', input.headerType);
    if (fond) query = query.where('w.category_kid', 'in', fond);
    return pageOfCards(db, query, input, 'newest');
  });

  registerCall(app, advertise, async (input) => banners.liveBanners(app.deps, input.zoneName));
  registerCall(app, getBannerList, async (input) => banners.adminBanners(app.deps, input.zoneName));
  registerCall(app, saveBanner, async (input, { currentUser }) =>
    banners.saveBanner(app.deps, currentUser().id, input),
  );
  registerCall(app, setBannerEnabled, async (input) => banners.setBannerEnabled(app.deps, input));
  registerCall(app, sortBanners, async (input) => banners.sortBanners(app.deps, input));
}
