import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, WorkCard, pageOf } from './common';
import { apiPath, defineCall, sapiPath } from './define';
import { RankedWorkCard, SortKey, TrendPeriodKey } from './works';

/** A theme as lists and cards show it. */
export const ThemeCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  coverUrl: Type.String(),
  workCount: Type.Integer(),
  isHot: Type.Boolean(),
});
export type ThemeCard = Static<typeof ThemeCard>;

const ThemeId = Type.Integer({ minimum: 1, description: '主题 ID' });

export const getThemeList = defineCall({
  name: 'Theme/GetThemeList',
  path: apiPath('Theme', 'GetThemeList'),
  tag: 'themes',
  summary: '主题列表（分页）；isHot 只看热门主题',
  request: Type.Object({ ...PageQuery, isHot: Type.Optional(Type.Boolean()) }),
  response: pageOf(ThemeCard),
});

export const ThemeInfo = Type.Object({
  ...ThemeCard.properties,
  /** Large watermarked preview of the cover work. */
  bannerUrl: Type.String(),
  createdAt: Type.String(),
  /** Whether the signed-in caller collected the theme. */
  isCollected: Type.Boolean(),
  collectCount: Type.Integer(),
});
export type ThemeInfo = Static<typeof ThemeInfo>;

export const getThemeCreationList = defineCall({
  name: 'Theme/GetThemeCreationList',
  path: apiPath('Theme', 'GetThemeCreationList'),
  auth: 'optional',
  tag: 'themes',
  summary: '主题详情与其作品（分页）；登录用户打开第一页时记入主题足迹',
  request: Type.Object({ ...PageQuery, themeId: ThemeId, sort: Type.Optional(SortKey) }),
  response: Type.Object({ theme: ThemeInfo, list: Type.Array(WorkCard), total: Type.Integer() }),
});

export const getRecommendThemeList = defineCall({
  name: 'Theme/GetRecommendThemeList',
  path: sapiPath('tu-zp/api/Theme/GetRecommendThemeList'),
  tag: 'themes',
  summary: '推荐主题：热门在前，可排除当前主题',
  request: Type.Object({
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, default: 4 })),
    excludeId: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  response: Type.Array(ThemeCard),
});

export const HotTheme = Type.Object({
  ...ThemeCard.properties,
  /** Thumbnails of the first works of the theme. */
  previews: Type.Array(Type.String()),
});
export type HotTheme = Static<typeof HotTheme>;

export const getThemeIsHot = defineCall({
  name: 'Theme/GetThemeIsHot',
  path: sapiPath('tu-zp/api/Theme/GetThemeIsHot'),
  tag: 'themes',
  summary: '热门主题及其前几件作品的缩略图',
  request: Type.Object({}),
  response: Type.Array(HotTheme),
});

// ---- Trends (theme-activity) ----

export const TrendCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  period: TrendPeriodKey,
  periodTitle: Type.String(),
  startsOn: Type.String(),
  workCount: Type.Integer(),
  covers: Type.Array(Type.String()),
});
export type TrendCard = Static<typeof TrendCard>;

export const getReferenceIywTuList = defineCall({
  name: 'Trend/GetReferenceIywTuList',
  path: sapiPath('theme-activity/api/Trend/GetReferenceIywTuList'),
  tag: 'themes',
  summary: '趋势榜单列表（本周、本月、本季爆款与趋势参考）',
  request: Type.Object({ period: Type.Optional(TrendPeriodKey) }),
  response: Type.Array(TrendCard),
});

export const getTrendDetail = defineCall({
  name: 'Trend/GetTrendDetail',
  path: sapiPath('theme-activity/api/Trend/GetTrendDetail'),
  tag: 'themes',
  summary: '一个趋势榜单及其按名次排列的作品（分页）',
  request: Type.Object({ ...PageQuery, id: Type.Integer({ minimum: 1, description: '榜单 ID' }) }),
  response: Type.Object({
    trend: TrendCard,
    list: Type.Array(RankedWorkCard),
    total: Type.Integer(),
  }),
});
