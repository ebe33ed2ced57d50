import { Type } from '@sinclair/typebox';
import type { Static, TObject } from '@sinclair/typebox';
import { COLOUR_SWATCH_KEYS } from '../rules/colour-swatch';
import { PageQuery, WorkCard, pageOf } from './common';
import { apiPath, defineCall, sapiPath } from './define';
import { DesignerProfile } from './designers';

/** §3 Category tree node: kid, title, keys3, keys4, with children. */
export const CategoryNode = Type.Recursive(
  (Self) =>
    Type.Object({
      kid: Type.Integer(),
      title: Type.String(),
      keys3: Type.String(),
      keys4: Type.String(),
      children: Type.Array(Self),
    }),
  { $id: 'CategoryNode' },
);
export type CategoryNode = Static<typeof CategoryNode>;

export const getCategory = defineCall({
  name: 'Support/GetCategory',
  path: apiPath('Support', 'GetCategory'),
  tag: 'works',
  summary: '获取品类树（kid、title、keys3、keys4）',
  request: Type.Object({}),
  response: Type.Array(CategoryNode),
});

// ---- Catalogue: filters, lists, detail, hot-sellers, popular patterns, series, home wall, areas ----

/** Style keys of works and their Chinese names (the glossary's styles, plus 波点 and 波纹). */
export const WORK_STYLE_TITLES = {
  floral: '花卉',
  geometric: '几何',
  paisley: '佩斯利',
  stripes: '条纹',
  checks: '格纹',
  folk: '民族',
  animal: '动物',
  cartoon: '卡通',
  abstract: '抽象',
  watercolor: '水彩',
  camouflage: '迷彩',
  text: '文字',
  dots: '波点',
  waves: '波纹',
} as const;
export type WorkStyle = keyof typeof WORK_STYLE_TITLES;
export const WORK_STYLES = Object.keys(WORK_STYLE_TITLES) as WorkStyle[];

/** Sort orders of work lists: newest first, most favourited, best-selling. */
export const WORK_SORT_TITLES = {
  newest: '最新发布',
  popular: '最受欢迎',
  bestselling: '最畅销',
} as const;
export type WorkSort = keyof typeof WORK_SORT_TITLES;
export const WORK_SORTS = Object.keys(WORK_SORT_TITLES) as WorkSort[];

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

export const StyleKey = literals(WORK_STYLES, '风格');
export const SwatchKey = literals(COLOUR_SWATCH_KEYS, '颜色（色板）');
export const SortKey = literals(
  WORK_SORTS,
  '排序：newest 最新，popular 最受欢迎，bestselling 最畅销',
);
export const HeaderTypeParam = Type.Union([Type.Literal(3), Type.Literal(4)], {
  description: '3 品类独家，4 素材',
});

/** The filters of /work and of every work list that can be narrowed. */
export const WorkFilters = {
  headerType: Type.Optional(HeaderTypeParam),
  kid: Type.Optional(Type.Integer({ minimum: 1, description: '品类 kid；一级品类包含其子品类' })),
  color: Type.Optional(SwatchKey),
  style: Type.Optional(StyleKey),
  seamless: Type.Optional(Type.Boolean({ description: 'true 四方连续，false 定位花' })),
  sort: Type.Optional(SortKey),
};
/** The filters as a value: what the catalogue query and the word index narrow by. */
export type WorkFilters = Static<TObject<typeof WorkFilters>>;

export const getCreationList = defineCall({
  name: 'Creation/GetCreationList',
  path: sapiPath('tu-zp/api/Creation/GetCreationList'),
  tag: 'works',
  summary: '作品列表（品类独家/素材）：品类、颜色、风格、四方连续与排序筛选，分页带总数',
  request: Type.Object({
    ...PageQuery,
    ...WorkFilters,
    designerId: Type.Optional(Type.Integer({ minimum: 1, description: '只看该设计师的作品' })),
  }),
  response: pageOf(WorkCard),
});

/** A licence option of a work (spec: licence options with prices, integer fen). */
export const LICENCE_KINDS = ['category_exclusive', 'material', 'commercial'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];
export const LicenceOption = Type.Object({
  kind: Type.Union(LICENCE_KINDS.map((k) => Type.Literal(k))),
  title: Type.String(),
  priceFen: Type.Integer({ minimum: 0 }),
  scope: Type.String(),
});
export type LicenceOption = Static<typeof LicenceOption>;

const IdTitle = Type.Object({ id: Type.Integer(), title: Type.String() });

export const WorkDetail = Type.Object({
  ...WorkCard.properties,
  description: Type.String(),
  styleTitle: Type.String(),
  /** The filter swatches the work's colours map to. */
  swatches: Type.Array(Type.String()),
  /** Top category first, then the work's own. */
  categoryPath: Type.Array(Type.Object({ kid: Type.Integer(), title: Type.String() })),
  /** draft | review | published | rejected | offline */
  status: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  publishedAt: Type.Union([Type.String(), Type.Null()]),
  series: Type.Union([IdTitle, Type.Null()]),
  themes: Type.Array(IdTitle),
  licences: Type.Array(LicenceOption),
  designer: DesignerProfile,
  /** Whether the signed-in caller collected it, and into which group (null: no group). */
  isCollected: Type.Boolean(),
  collectGroupId: Type.Union([Type.Integer(), Type.Null()]),
  /** Same style or category, best-selling first. */
  similar: Type.Array(WorkCard),
  /** Other works of the same series. */
  seriesWorks: Type.Array(WorkCard),
});
export type WorkDetail = Static<typeof WorkDetail>;

export const getCreationDetail = defineCall({
  name: 'Creation/GetDetail',
  path: apiPath('Creation', 'GetDetail'),
  auth: 'optional',
  tag: 'works',
  summary: '作品详情：记一次浏览（登录用户同时记入浏览足迹），含授权价格、设计师、相似作品',
  request: Type.Object({ id: Type.Integer({ minimum: 1, description: '作品 ID' }) }),
  response: WorkDetail,
});

/** Periods of the hot-seller (trend) lists. */
export const TREND_PERIOD_TITLES = { week: '本周', month: '本月', season: '本季' } as const;
export type TrendPeriod = keyof typeof TREND_PERIOD_TITLES;
export const TREND_PERIODS = Object.keys(TREND_PERIOD_TITLES) as TrendPeriod[];
export const TrendPeriodKey = literals(TREND_PERIODS, '周期：week 本周，month 本月，season 本季');

export const RankedWorkCard = Type.Object({ ...WorkCard.properties, rank: Type.Integer() });
export type RankedWorkCard = Static<typeof RankedWorkCard>;

export const getHotCreationList = defineCall({
  name: 'HotCreation/GetList',
  path: sapiPath('tu-zp/api/HotCreation/GetList'),
  tag: 'works',
  summary: '爆款榜：本周/本月/本季按销量排名的作品',
  request: Type.Object({ ...PageQuery, period: Type.Optional(TrendPeriodKey) }),
  response: Type.Object({
    period: TrendPeriodKey,
    title: Type.String(),
    trendId: Type.Union([Type.Integer(), Type.Null()]),
    startsOn: Type.String(),
    list: Type.Array(RankedWorkCard),
    total: Type.Integer(),
  }),
});

export const getHotCreationInfo = defineCall({
  name: 'HotCreation/GetHotCreationInfo',
  path: sapiPath('tu-zp/api/HotCreation/GetHotCreationInfo'),
  tag: 'works',
  summary: '一件作品在各爆款榜上的名次与热度数据',
  request: Type.Object({ id: Type.Integer({ minimum: 1, description: '作品 ID' }) }),
  response: Type.Object({
    id: Type.Integer(),
    ranks: Type.Array(
      Type.Object({
        period: TrendPeriodKey,
        title: Type.String(),
        trendId: Type.Integer(),
        rank: Type.Integer(),
      }),
    ),
    viewCount: Type.Integer(),
    favouriteCount: Type.Integer(),
    saleCount: Type.Integer(),
  }),
});

const PopularEntry = {
  workCount: Type.Integer(),
  saleCount: Type.Integer(),
  /** Thumbnails of the best-selling works of the entry. */
  covers: Type.Array(Type.String()),
};

export const getPopular = defineCall({
  name: 'Classification/GetPopular',
  path: sapiPath('tu-zp/api/Classification/GetPopular'),
  tag: 'works',
  summary: '流行花型：按销量排序的风格、品类与颜色',
  request: Type.Object({ headerType: Type.Optional(HeaderTypeParam) }),
  response: Type.Object({
    styles: Type.Array(Type.Object({ style: StyleKey, title: Type.String(), ...PopularEntry })),
    categories: Type.Array(
      Type.Object({ kid: Type.Integer(), title: Type.String(), ...PopularEntry }),
    ),
    colors: Type.Array(
      Type.Object({
        color: SwatchKey,
        name: Type.String(),
        hex: Type.String(),
        workCount: Type.Integer(),
      }),
    ),
  }),
});

export const SeriesCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  designerId: Type.Integer(),
  designerName: Type.String(),
  workCount: Type.Integer(),
  covers: Type.Array(Type.String()),
});
export type SeriesCard = Static<typeof SeriesCard>;

export const getSeriesList = defineCall({
  name: 'Series/GetSeriesList',
  path: sapiPath('tu-zp/api/Series/GetSeriesList'),
  tag: 'works',
  summary: '设计师的作品系列',
  request: Type.Object({ designerId: Type.Integer({ minimum: 1 }) }),
  response: Type.Array(SeriesCard),
});

export const getCreationSeriesList = defineCall({
  name: 'CreationSeries/GetCreationSeriesList',
  path: sapiPath('tu-zp/api/CreationSeries/GetCreationSeriesList'),
  tag: 'works',
  summary: '一个系列中的作品（分页）',
  request: Type.Object({ ...PageQuery, seriesId: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({
    series: SeriesCard,
    list: Type.Array(WorkCard),
    total: Type.Integer(),
  }),
});

export const getHomeWallList = defineCall({
  name: 'Creation/GetHomeWallList',
  path: sapiPath('tu-zp/api/Creation/GetHomeWallList'),
  tag: 'works',
  summary: '首页作品墙：最受收藏的作品（分页）',
  request: Type.Object({ ...PageQuery }),
  response: pageOf(WorkCard),
});

/** §3 Area tree: areaId, subList. */
export const AreaNode = Type.Recursive(
  (Self) =>
    Type.Object({
      areaId: Type.Integer(),
      title: Type.String(),
      subList: Type.Array(Self),
    }),
  { $id: 'AreaNode' },
);
export type AreaNode = Static<typeof AreaNode>;

export const getCreationArea = defineCall({
  name: 'Creation/GetCreationArea',
  path: sapiPath('tu-zp/api/Creation/GetCreationArea'),
  tag: 'works',
  summary: '地区树（areaId、subList），用于企业展厅所在地',
  request: Type.Object({}),
  response: Type.Array(AreaNode),
});

const FondKids = Type.Array(Type.Integer({ minimum: 1 }), {
  maxItems: 10,
  uniqueItems: true,
  description: '偏好的品类 kid，最多 10 个',
});

export const setFondClassification = defineCall({
  name: 'UserBehavior/SetFondClassification',
  path: sapiPath('tu-userCenter/api/UserBehavior/SetFondClassification'),
  auth: 'required',
  tag: 'works',
  summary: '保存我偏好的品类（首页“为你推荐”按它推荐）',
  request: Type.Object({ kids: FondKids }),
  response: Type.Object({ kids: Type.Array(Type.Integer()) }),
});

export const getFondClassifications = defineCall({
  name: 'UserBehavior/GetFondClassifications',
  path: sapiPath('tu-userCenter/api/UserBehavior/GetFondClassifications'),
  auth: 'required',
  tag: 'works',
  summary: '我偏好的品类',
  request: Type.Object({}),
  response: Type.Object({
    categories: Type.Array(Type.Object({ kid: Type.Integer(), title: Type.String() })),
  }),
});
