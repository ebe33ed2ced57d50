import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { WORK_LIMITS, WORK_STATUSES } from '../rules/publishing';
import { PageQuery } from './common';
import { apiPath, defineCall, sapiPath } from './define';
import { MySeries } from './series';
import { FileKey } from './uploads';
import { CategoryNode, HeaderTypeParam, LICENCE_KINDS } from './works';

// Publishing (Creation): a settled designer saves drafts, publishes works one by one or in batches,
// manages them (my works, custom classifications) and is offered the publish form's options.
// Settling in (settle-in.ts), real-name verification (identity.ts), series (series.ts), pattern
// files (patterns.ts) and sale records (sale-records.ts) are their own domains.

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const Id = Type.Integer({ minimum: 1 });
const Ids = Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true });

export const WorkStatusKey = literals(WORK_STATUSES, '作品状态');
export const MY_WORK_TABS = ['all', 'review', 'published', 'rejected', 'draft', 'offline'] as const;
export type MyWorkTab = (typeof MY_WORK_TABS)[number];
export const MyWorkTabKey = literals(MY_WORK_TABS, '作品管理的分页签');

export const MyWorkItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: WorkStatusKey,
  statusTitle: Type.String(),
  /** Public thumbnail once published, else a short-lived signed thumbnail of the uploaded file. */
  thumbUrl: Type.String(),
  categoryKid: Type.Union([Type.Integer(), Type.Null()]),
  categoryTitle: Type.String(),
  headerType: Type.Integer(),
  priceFen: Type.Integer(),
  isSeamless: Type.Boolean(),
  seriesId: Type.Union([Type.Integer(), Type.Null()]),
  seriesTitle: Type.String(),
  classifyIds: Type.Array(Type.Integer()),
  /** Why review refused it or an admin took it down ('' otherwise). */
  rejectReason: Type.String(),
  viewCount: Type.Integer(),
  favouriteCount: Type.Integer(),
  saleCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  publishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type MyWorkItem = Static<typeof MyWorkItem>;

export const MyWorkCounts = Type.Object({
  all: Type.Integer(),
  review: Type.Integer(),
  published: Type.Integer(),
  rejected: Type.Integer(),
  draft: Type.Integer(),
  offline: Type.Integer(),
});
export type MyWorkCounts = Static<typeof MyWorkCounts>;

export const getMyCreations = defineCall({
  name: 'Creation/GetMyCreations',
  path: apiPath('Creation', 'GetMyCreations'),
  auth: 'required',
  tag: 'publishing',
  summary: '我的作品：按状态分页签、关键词、自定义分类、系列、品类独家/素材筛选，附各状态数量',
  request: Type.Object({
    ...PageQuery,
    tab: Type.Optional(MyWorkTabKey),
    keyword: Type.Optional(Type.String({ maxLength: 50 })),
    classifyId: Type.Optional(Type.Integer({ minimum: 0, description: '自定义分类；0 为未分类' })),
    seriesId: Type.Optional(Type.Integer({ minimum: 0, description: '系列；0 为未加入系列' })),
    headerType: Type.Optional(HeaderTypeParam),
  }),
  response: Type.Object({
    list: Type.Array(MyWorkItem),
    total: Type.Integer(),
    counts: MyWorkCounts,
  }),
});

export const LicencePrice = Type.Object({
  kind: literals(LICENCE_KINDS, '授权类型'),
  title: Type.String(),
  priceFen: Type.Integer(),
  scope: Type.String(),
});
export type LicencePrice = Static<typeof LicencePrice>;

/** A work as its owner edits it. */
export const EditableWork = Type.Object({
  id: Type.Integer(),
  status: WorkStatusKey,
  statusTitle: Type.String(),
  fileKey: Type.String(),
  /** Short-lived signed URLs of the uploaded file: a 400 px thumbnail and the file itself. */
  thumbUrl: Type.String(),
  imageUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** null until the designer chose a category. */
  categoryKid: Type.Union([Type.Integer(), Type.Null()]),
  /** '' until chosen. */
  style: Type.String(),
  headerType: Type.Integer(),
  tags: Type.Array(Type.String()),
  colors: Type.Array(Type.String()),
  isSeamless: Type.Boolean(),
  /** Price of the main licence (category exclusive or material), fen. */
  priceFen: Type.Integer(),
  /** Price of the commercial licence sold beside it, fen. */
  commercialPriceFen: Type.Integer(),
  licences: Type.Array(LicencePrice),
  seriesId: Type.Union([Type.Integer(), Type.Null()]),
  classifyIds: Type.Array(Type.Integer()),
  rejectReason: Type.String(),
  /** Whether it may be edited now (draft, rejected or taken down). */
  editable: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type EditableWork = Static<typeof EditableWork>;

export const getDetailByEdit = defineCall({
  name: 'Creation/GetDetailByEdit',
  path: apiPath('Creation', 'GetDetailByEdit'),
  auth: 'required',
  tag: 'publishing',
  summary: '编辑用的作品详情（仅作者本人）',
  request: Type.Object({ id: Id }),
  response: EditableWork,
});

const Hex = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
const Tag = Type.String({ minLength: 1, maxLength: WORK_LIMITS.tagMax });
const Price = Type.Integer({ minimum: 0, maximum: WORK_LIMITS.priceMaxFen });

export const perfectCreationPic = defineCall({
  name: 'Creation/PerfectCreationPic',
  path: apiPath('Creation', 'PerfectCreationPic'),
  auth: 'settled',
  tag: 'publishing',
  summary:
    '保存作品草稿：带 id 修改自己的草稿/未通过/已下架作品；不带 id 时用 fileKey 新建草稿（同一用户同一 fileKey 只建一件，重试不会重复）。未给的字段取默认值，颜色从图片提取',
  request: Type.Object({
    id: Type.Optional(Id),
    fileKey: Type.Optional(FileKey),
    title: Type.Optional(Type.String({ maxLength: WORK_LIMITS.titleMax })),
    description: Type.Optional(Type.String({ maxLength: WORK_LIMITS.descriptionMax })),
    categoryKid: Type.Optional(Id),
    style: Type.Optional(
      Type.String({ maxLength: 20, description: '风格键（见 GetChannelsEdit）' }),
    ),
    headerType: Type.Optional(HeaderTypeParam),
    tags: Type.Optional(Type.Array(Tag, { maxItems: WORK_LIMITS.tagsMax })),
    colors: Type.Optional(Type.Array(Hex, { maxItems: WORK_LIMITS.colorsMax })),
    isSeamless: Type.Optional(Type.Boolean()),
    priceFen: Type.Optional(Price),
    commercialPriceFen: Type.Optional(Price),
    seriesId: Type.Optional(Type.Union([Id, Type.Null()])),
    /** A series by title, created when the designer has none of that name (the desktop folder uses it). */
    seriesTitle: Type.Optional(Type.String({ maxLength: WORK_LIMITS.seriesTitleMax })),
    classifyIds: Type.Optional(Type.Array(Id, { maxItems: 20, uniqueItems: true })),
    /** A classification by name, created when missing (the desktop folder uses it). */
    classifyName: Type.Optional(Type.String({ maxLength: WORK_LIMITS.classifyNameMax })),
  }),
  response: Type.Object({ work: EditableWork, created: Type.Boolean() }),
});

export const PublishResult = Type.Object({
  id: Type.Integer(),
  ok: Type.Boolean(),
  status: Type.String(),
  /** Why it could not be sent ('' when ok). */
  msg: Type.String(),
});
export type PublishResult = Static<typeof PublishResult>;

export const publishCreation = defineCall({
  name: 'Creation/PublishCreation',
  path: sapiPath('tu-zp/api/Creation/PublishCreation'),
  auth: 'settled',
  tag: 'publishing',
  summary:
    '提交审核（一件或一批，最多 50）：检查必填项与图片，查重后进入审核中；已在审核中或已发布的作品原样返回（重复提交不会多出作品）',
  request: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 50, uniqueItems: true }) }),
  response: Type.Object({ results: Type.Array(PublishResult) }),
});

export const deleteCreation = defineCall({
  name: 'Creation/DeleteCreation',
  path: apiPath('Creation', 'DeleteCreation'),
  auth: 'required',
  tag: 'publishing',
  summary: '删除自己的作品（软删除；已发布的作品同时下架）',
  request: Type.Object({ ids: Ids }),
  response: Type.Object({ updated: Type.Integer() }),
});

export const offlineCreation = defineCall({
  name: 'Creation/OfflineCreation',
  path: apiPath('Creation', 'OfflineCreation'),
  auth: 'required',
  tag: 'publishing',
  summary: '下架自己已发布的作品（可修改后重新提交审核）',
  request: Type.Object({ ids: Ids }),
  response: Type.Object({ updated: Type.Integer() }),
});

export const updateSourceMaterialPrice = defineCall({
  name: 'Creation/UpdateSourceMaterialPrice',
  path: apiPath('Creation', 'UpdateSourceMaterialPrice'),
  auth: 'required',
  tag: 'publishing',
  summary: '修改自己的素材作品的素材授权价格（已发布的作品即时生效，无需重新审核）',
  request: Type.Object({
    ids: Ids,
    priceFen: Type.Integer({ minimum: WORK_LIMITS.priceMinFen, maximum: WORK_LIMITS.priceMaxFen }),
  }),
  response: Type.Object({ updated: Type.Integer() }),
});

// ---- Custom classifications ----

export const CustomClassify = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sort: Type.Integer(),
  workCount: Type.Integer(),
});
export type CustomClassify = Static<typeof CustomClassify>;

export const ClassifyName = Type.String({
  minLength: 1,
  maxLength: WORK_LIMITS.classifyNameMax,
  pattern: '\\S',
  description: '分类名称',
});

export const getCustomClassify = defineCall({
  name: 'Creation/GetCustomClassify',
  path: apiPath('Creation', 'GetCustomClassify'),
  auth: 'required',
  tag: 'publishing',
  summary: '我的自定义分类（按排序）与各分类的作品数',
  request: Type.Object({}),
  response: Type.Array(CustomClassify),
});

export const insertUpdateCustomClassify = defineCall({
  name: 'Creation/InsertUpdateCustomClassify',
  path: apiPath('Creation', 'InsertUpdateCustomClassify'),
  auth: 'required',
  tag: 'publishing',
  summary: '新建（不带 id）或重命名自定义分类；名称不可重复',
  request: Type.Object({ id: Type.Optional(Id), name: ClassifyName }),
  response: CustomClassify,
});

export const deleteCustomClassify = defineCall({
  name: 'Creation/DeleteCustomClassify',
  path: apiPath('Creation', 'DeleteCustomClassify'),
  auth: 'required',
  tag: 'publishing',
  summary: '删除自定义分类（其中的作品不删除，只是不再属于该分类）',
  request: Type.Object({ id: Id }),
  response: Type.Object({ deleted: Type.Boolean() }),
});

export const sortCustomClassify = defineCall({
  name: 'Creation/SortCustomClassify',
  path: apiPath('Creation', 'SortCustomClassify'),
  auth: 'required',
  tag: 'publishing',
  summary: '按给出的顺序排列自定义分类（拖动排序）',
  request: Type.Object({ ids: Type.Array(Id, { maxItems: 200, uniqueItems: true }) }),
  response: Type.Array(CustomClassify),
});

export const setCreationClassify = defineCall({
  name: 'Creation/SetCreationClassify',
  path: apiPath('Creation', 'SetCreationClassify'),
  auth: 'required',
  tag: 'publishing',
  summary: '批量设置作品的自定义分类：set 替换，add 加入，remove 移出',
  request: Type.Object({
    ids: Ids,
    classifyIds: Type.Array(Id, { maxItems: 20, uniqueItems: true }),
    mode: Type.Union([Type.Literal('set'), Type.Literal('add'), Type.Literal('remove')], {
      default: 'set',
    }),
  }),
  response: Type.Object({ updated: Type.Integer() }),
});

export const StyleOption = Type.Object({ key: Type.String(), title: Type.String() });

export const getChannelsEdit = defineCall({
  name: 'Creation/GetChannelsEdit',
  path: apiPath('Creation', 'GetChannelsEdit'),
  auth: 'required',
  tag: 'publishing',
  summary: '发布表单的选项：品类树、风格、授权类型与默认价格、我的系列与自定义分类',
  request: Type.Object({}),
  response: Type.Object({
    categories: Type.Array(CategoryNode),
    styles: Type.Array(StyleOption),
    headerTypes: Type.Array(
      Type.Object({
        value: Type.Integer(),
        title: Type.String(),
        description: Type.String(),
        defaultPriceFen: Type.Integer(),
        licences: Type.Array(LicencePrice),
      }),
    ),
    series: Type.Array(MySeries),
    classifications: Type.Array(CustomClassify),
  }),
});

export const tagboxs = defineCall({
  name: 'Creation/Tagboxs',
  path: apiPath('Creation', 'Tagboxs'),
  auth: 'required',
  tag: 'publishing',
  summary: '标签联想：热门标签、我用过的标签、风格与品类名中以输入开头或包含输入的',
  request: Type.Object({
    keyword: Type.String({ maxLength: WORK_LIMITS.tagMax, default: '' }),
    limit: Type.Integer({ minimum: 1, maximum: 30, default: 10 }),
  }),
  response: Type.Object({ list: Type.Array(Type.String()) }),
});

/** Market tags a designer may add with one click, grouped. */
export const MARKET_TAG_GROUPS = [
  { title: '季节', tags: ['春夏', '秋冬', '节庆', '四季通用'] },
  {
    title: '风格倾向',
    tags: ['复古', '清新', '国潮', '简约', '浪漫', '高级感', '撞色', '柔和', '童趣'],
  },
  { title: '市场', tags: ['跨境电商', '国内电商', '外贸', '快时尚', '高端定制'] },
  { title: '人群', tags: ['女装', '男装', '童装', '家居', '礼品'] },
] as const;

export const getCreationMarketTag = defineCall({
  name: 'Creation/GetCreationMarketTag',
  path: apiPath('Creation', 'GetCreationMarketTag'),
  tag: 'publishing',
  summary: '市场标签（季节、风格倾向、市场、人群），发布作品时一键添加',
  request: Type.Object({}),
  response: Type.Object({
    groups: Type.Array(Type.Object({ title: Type.String(), tags: Type.Array(Type.String()) })),
  }),
});
