import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, WorkCard, pageOf } from './common';
import { apiPath, defineCall, sapiPath } from './define';
import { ThemeCard } from './themes';

/** §3 Banner: bannerId, bannerUrl, linkUrl, linkTarget. */
export const Banner = Type.Object({
  bannerId: Type.Integer(),
  title: Type.String(),
  bannerUrl: Type.String(),
  linkUrl: Type.String(),
  linkTarget: Type.Union([Type.Literal('_self'), Type.Literal('_blank')]),
});
export type Banner = Static<typeof Banner>;

/** The home sections by key; the renderer owns the page each one's 查看更多 opens. */
export const HomeSection = Type.Object({
  key: Type.Union([Type.Literal('hot'), Type.Literal('exclusive'), Type.Literal('materials')]),
  title: Type.String(),
  subtitle: Type.String(),
  works: Type.Array(WorkCard),
});
export type HomeSection = Static<typeof HomeSection>;

export const getHomeInfo = defineCall({
  name: 'HomePage/GetHomeInfo',
  path: apiPath('HomePage', 'GetHomeInfo'),
  tag: 'home',
  summary: '首页内容：热门作品、品类独家、素材、主题与平台统计',
  request: Type.Object({}),
  response: Type.Object({
    sections: Type.Array(HomeSection),
    themes: Type.Array(ThemeCard),
    stats: Type.Object({ works: Type.Integer(), designers: Type.Integer() }),
  }),
});

export const getHomeRecommendList = defineCall({
  name: 'HomePage/GetHomeRecommendList',
  path: apiPath('HomePage', 'GetHomeRecommendList'),
  auth: 'optional',
  tag: 'home',
  summary: '首页推荐作品（分页，最新发布在前）；登录用户设置了偏好品类时只推荐这些品类',
  request: Type.Object({
    ...PageQuery,
    headerType: Type.Optional(Type.Union([Type.Literal(3), Type.Literal(4)])),
  }),
  response: pageOf(WorkCard),
});

/** saas.Advertise: banners of an advertising zone (e.g. the home-top banner). */
export const advertise = defineCall({
  name: 'saas.Advertise',
  path: sapiPath('tags-service/api/Banner/GetBanners'),
  tag: 'home',
  summary: '广告位横幅（zoneName，如首页顶部 home-top）',
  request: Type.Object({
    zoneName: Type.String({ minLength: 1, maxLength: 64, description: '广告位名称' }),
  }),
  response: Type.Array(Banner),
});

/** Zone name of the home-top advertising carousel. */
export const HOME_TOP_ZONE = 'home-top';
