import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { SETTLE_STATES, WORK_LIMITS, WORK_STATUSES } from '../rules/publishing';
import { PHONE_PATTERN } from './accounts';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall, sapiPath } from './define';
import { CategoryNode, HeaderTypeParam, LICENCE_KINDS } from './works';

// Publishing: designers settle in (Shop), verify their identity (Certification), publish works one by
// one or in batches (Creation), organise them (custom classifications, series) and see their sales.

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const Id = Type.Integer({ minimum: 1 });
const Ids = Type.Array(Id, { minItems: 1, maxItems: 200, uniqueItems: true });
const FileKey = Type.String({
  minLength: 1,
  maxLength: 300,
  pattern: '^private/uploads/',
  description: '上传接口返回的 fileKey',
});

// ---- Settling in (Shop) ----

export const SettleStateKey = literals(
  SETTLE_STATES,
  '入驻状态：none 未申请，submitted 审核中，settled 已入驻，rejected 未通过',
);
export const APPLICATION_KINDS = ['personal', 'enterprise'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
export const ApplicationKindKey = literals(
  APPLICATION_KINDS,
  'personal 个人设计师，enterprise 设计公司',
);
export const APPLICATION_STATES = ['submitted', 'approved', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
export const ApplicationStateKey = literals(
  APPLICATION_STATES,
  'submitted 审核中，approved 已通过，rejected 未通过',
);

/** Industries an applicant works for (the glossary's categories of use, and 其他). */
export const INDUSTRIES = [
  { id: 1, title: '服装面料' },
  { id: 2, title: '家纺床品' },
  { id: 3, title: '墙纸墙布' },
  { id: 4, title: '地毯地垫' },
  { id: 5, title: '包装印刷' },
  { id: 6, title: '文创礼品' },
  { id: 7, title: '箱包鞋帽' },
  { id: 8, title: '数码配件' },
  { id: 9, title: '其他' },
] as const;

export const Industry = Type.Object({ id: Type.Integer(), title: Type.String() });

export const getIndustryInfo = defineCall({
  name: 'Shop/GetIndustryInfo',
  path: apiPath('Shop', 'GetIndustryInfo'),
  tag: 'publishing',
  summary: '入驻申请可选的行业',
  request: Type.Object({}),
  response: Type.Array(Industry),
});

const NickName = Type.String({
  minLength: 2,
  maxLength: 20,
  pattern: '^[^\\s]([\\s\\S]*[^\\s])?$',
  description: '店铺/图库昵称，2–20 个字符，全站唯一',
});

export const isExistenceNickName = defineCall({
  name: 'Shop/IsExistenceNickName',
  path: apiPath('Shop', 'IsExistenceNickName'),
  auth: 'required',
  tag: 'publishing',
  summary: '昵称是否已被其他设计师使用或申请',
  request: Type.Object({ nickName: NickName }),
  response: Type.Object({ exists: Type.Boolean() }),
});

/** A sample or licence image of an application, readable through a short-lived signed URL. */
export const ApplicationImage = Type.Object({
  fileKey: Type.String(),
  thumbUrl: Type.String(),
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type ApplicationImage = Static<typeof ApplicationImage>;

export const DesignerApplication = Type.Object({
  id: Type.Integer(),
  kind: ApplicationKindKey,
  state: ApplicationStateKey,
  nickName: Type.String(),
  /** §3 settledInType: 2 gallery (图库), 1 store (店铺). */
  settledInType: Type.Integer(),
  /** Personal: the applicant's real name; enterprise: the contact person. */
  realName: Type.String(),
  idNumberMasked: Type.String(),
  companyName: Type.String(),
  creditCode: Type.String(),
  contactPhone: Type.String(),
  contactEmail: Type.String(),
  industryIds: Type.Array(Type.Integer()),
  industryTitles: Type.Array(Type.String()),
  intro: Type.String(),
  samples: Type.Array(ApplicationImage),
  licence: Type.Union([ApplicationImage, Type.Null()]),
  rejectReason: Type.String(),
  createdAt: Type.String(),
  reviewedAt: Type.Union([Type.String(), Type.Null()]),
});
export type DesignerApplication = Static<typeof DesignerApplication>;

export const ShopApplyInfo = Type.Object({
  settleState: SettleStateKey,
  settleStateTitle: Type.String(),
  /** Whether the caller has a verified identity of this kind (personal or enterprise). */
  verified: Type.Boolean(),
  verifiedName: Type.String(),
  /** The latest application of this kind, or null. */
  application: Type.Union([DesignerApplication, Type.Null()]),
});
export type ShopApplyInfo = Static<typeof ShopApplyInfo>;

export const getShopApplyInfo = defineCall({
  name: 'Shop/GetShopApplyInfo',
  path: apiPath('Shop', 'GetShopApplyInfo'),
  auth: 'required',
  tag: 'publishing',
  summary: '我的入驻状态与最近一次申请（个人或公司，未通过时含原因）',
  request: Type.Object({}),
  response: ShopApplyInfo,
});

export const getEnterpriseApplyInfo = defineCall({
  name: 'Shop/GetEnterpriseApplyInfo',
  path: apiPath('Shop', 'GetEnterpriseApplyInfo'),
  auth: 'required',
  tag: 'publishing',
  summary: '我的入驻状态与最近一次设计公司申请',
  request: Type.Object({}),
  response: ShopApplyInfo,
});

const SettledInType = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description: '入驻类型：1 店铺（自主定价销售），2 图库（作品进入平台素材库）',
});
const ContactPhone = Type.String({ pattern: PHONE_PATTERN, description: '联系电话（手机号）' });
const ContactEmail = Type.String({
  maxLength: 60,
  pattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
  default: '',
  description: '联系邮箱（可空）',
});
const IndustryIds = Type.Array(Type.Integer({ minimum: 1, maximum: INDUSTRIES.length }), {
  minItems: 1,
  maxItems: 5,
  uniqueItems: true,
  description: '行业，1–5 个',
});
const Intro = Type.String({ maxLength: 500, default: '', description: '个人/公司简介' });
const SampleKeys = Type.Array(FileKey, {
  minItems: 1,
  maxItems: 12,
  uniqueItems: true,
  description: '作品样例（已上传的 fileKey），1–12 张',
});

const applicationCommon = {
  nickName: NickName,
  settledInType: SettledInType,
  contactPhone: ContactPhone,
  contactEmail: ContactEmail,
  industryIds: IndustryIds,
  intro: Intro,
  sampleFileKeys: SampleKeys,
};

export const subitShopApply = defineCall({
  name: 'Shop/SubitShopApply',
  path: apiPath('Shop', 'SubitShopApply'),
  auth: 'required',
  tag: 'publishing',
  summary:
    '个人设计师入驻申请：昵称、实名（姓名 + 身份证号，未认证时当场认证）、作品样例、行业与联系方式',
  request: Type.Object({
    ...applicationCommon,
    realName: Type.String({
      maxLength: 40,
      default: '',
      description: '真实姓名（已实名认证可空）',
    }),
    idNumber: Type.String({
      maxLength: 20,
      default: '',
      description: '身份证号（已实名认证可空）',
    }),
  }),
  response: DesignerApplication,
});

export const subitEnterprise = defineCall({
  name: 'Shop/SubitEnterprise',
  path: apiPath('Shop', 'SubitEnterprise'),
  auth: 'required',
  tag: 'publishing',
  summary: '设计公司入驻申请：公司名称、统一社会信用代码、营业执照、联系人、作品样例',
  request: Type.Object({
    ...applicationCommon,
    companyName: Type.String({ minLength: 2, maxLength: 60, description: '公司名称' }),
    creditCode: Type.String({ minLength: 18, maxLength: 20, description: '统一社会信用代码' }),
    contactName: Type.String({ minLength: 2, maxLength: 40, description: '联系人姓名' }),
    licenceFileKey: FileKey,
  }),
  response: DesignerApplication,
});

// ---- Real-name verification (Certification) ----

export const VERIFY_KINDS = ['personal', 'enterprise'] as const;
export const VerifyKindKey = literals(
  VERIFY_KINDS,
  'personal 个人（身份证），enterprise 企业（统一社会信用代码）',
);

export const VerifyRecord = Type.Object({
  id: Type.Integer(),
  kind: VerifyKindKey,
  /** Real name, or the company name. */
  name: Type.String(),
  numberMasked: Type.String(),
  status: Type.Union([Type.Literal('verified'), Type.Literal('failed')]),
  reason: Type.String(),
  provider: Type.String(),
  /** Whether this identity signs the licence contracts (第一签署人). */
  isSigner: Type.Boolean(),
  createdAt: Type.String(),
});
export type VerifyRecord = Static<typeof VerifyRecord>;

export const VerifyInfo = Type.Object({
  verified: Type.Boolean(),
  records: Type.Array(VerifyRecord),
  signerId: Type.Union([Type.Integer(), Type.Null()]),
});
export type VerifyInfo = Static<typeof VerifyInfo>;

export const getVerifyInfo = defineCall({
  name: 'Certification/GetVerifyInfo',
  path: apiPath('Certification', 'GetVerifyInfo'),
  auth: 'required',
  tag: 'publishing',
  summary: '我的实名认证记录（证件号打码）与合同第一签署人',
  request: Type.Object({}),
  response: VerifyInfo,
});

export const getVerifyUrl = defineCall({
  name: 'Certification/GetVerifyUrl',
  path: apiPath('Certification', 'GetVerifyUrl'),
  auth: 'required',
  tag: 'publishing',
  summary:
    '发起实名认证：个人为姓名 + 身份证号（GB 11643 校验），企业为名称 + 统一社会信用代码（GB 32100 校验）；沙箱认证当场给出结果（url 为空），真实认证服务返回认证页地址',
  request: Type.Object({
    kind: VerifyKindKey,
    name: Type.String({ minLength: 2, maxLength: 60, description: '姓名或企业名称' }),
    number: Type.String({
      minLength: 15,
      maxLength: 20,
      description: '身份证号或统一社会信用代码',
    }),
  }),
  response: Type.Object({
    record: VerifyRecord,
    /** The provider's page to finish verification; null when the result is already known. */
    url: Type.Union([Type.String(), Type.Null()]),
  }),
});

export const changeFirstSigner = defineCall({
  name: 'Certification/ChangeFirstSigner',
  path: apiPath('Certification', 'ChangeFirstSigner'),
  auth: 'required',
  tag: 'publishing',
  summary: '指定由哪个已通过的认证身份签署授权合同（第一签署人）',
  request: Type.Object({ id: Id }),
  response: VerifyInfo,
});

// ---- Works of the signed-in designer (Creation) ----

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

const ClassifyName = Type.String({
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

// ---- Series (writes; the public list is works.getSeriesList) ----

export const MySeries = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** All of the designer's works in it (any state but deleted). */
  workCount: Type.Integer(),
  publishedCount: Type.Integer(),
});
export type MySeries = Static<typeof MySeries>;

export const getMySeriesList = defineCall({
  name: 'Series/GetMySeriesList',
  path: sapiPath('tu-zp/api/Series/GetMySeriesList'),
  auth: 'required',
  tag: 'publishing',
  summary: '我的系列（含空系列）与其中的作品数',
  request: Type.Object({}),
  response: Type.Array(MySeries),
});

export const addOrEditSeries = defineCall({
  name: 'Series/AddOrEditSeries',
  path: sapiPath('tu-zp/api/Series/AddOrEditSeries'),
  auth: 'settled',
  tag: 'publishing',
  summary: '新建（不带 id）或修改自己的系列；标题不可重复',
  request: Type.Object({
    id: Type.Optional(Id),
    title: Type.String({ minLength: 1, maxLength: WORK_LIMITS.seriesTitleMax, pattern: '\\S' }),
    description: Type.String({ maxLength: 200, default: '' }),
  }),
  response: MySeries,
});

export const delSeries = defineCall({
  name: 'Series/DelSeries',
  path: sapiPath('tu-zp/api/Series/DelSeries'),
  auth: 'required',
  tag: 'publishing',
  summary: '删除自己的系列（其中的作品保留，不再属于任何系列）',
  request: Type.Object({ id: Id }),
  response: Type.Object({ deleted: Type.Boolean() }),
});

export const setCreationSeries = defineCall({
  name: 'Creation/SetCreationSeries',
  path: apiPath('Creation', 'SetCreationSeries'),
  auth: 'required',
  tag: 'publishing',
  summary: '批量把作品移入一个系列（seriesId 为 null 时移出系列）',
  request: Type.Object({ ids: Ids, seriesId: Type.Union([Id, Type.Null()]) }),
  response: Type.Object({ updated: Type.Integer() }),
});

// ---- What the publish form offers ----

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

// ---- My patterns (uploaded files) and their groups ----

export const PatternFile = Type.Object({
  id: Type.Integer(),
  fileKey: Type.String(),
  thumbUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  size: Type.Integer(),
  format: Type.String(),
  createdAt: Type.String(),
  groupId: Type.Union([Type.Integer(), Type.Null()]),
  /** The work made from this file, if any (not deleted). */
  workId: Type.Union([Type.Integer(), Type.Null()]),
  workStatus: Type.Union([WorkStatusKey, Type.Null()]),
});
export type PatternFile = Static<typeof PatternFile>;

export const getSubmitCreationPic = defineCall({
  name: 'Creation/GetSubmitCreationPic',
  path: apiPath('Creation', 'GetSubmitCreationPic'),
  auth: 'required',
  tag: 'publishing',
  summary: '我上传过的花型文件（新的在前），可按分组筛选或只看还没做成作品的',
  request: Type.Object({
    ...PageQuery,
    groupId: Type.Optional(Type.Integer({ minimum: 0, description: '分组；0 为未分组' })),
    unusedOnly: Type.Optional(Type.Boolean()),
  }),
  response: pageOf(PatternFile),
});

export const PatternGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  fileCount: Type.Integer(),
});
export type PatternGroup = Static<typeof PatternGroup>;

export const getPatternGroups = defineCall({
  name: 'Creation/GetPatternGroups',
  path: apiPath('Creation', 'GetPatternGroups'),
  auth: 'required',
  tag: 'publishing',
  summary: '我的花型分组',
  request: Type.Object({}),
  response: Type.Object({ groups: Type.Array(PatternGroup), ungrouped: Type.Integer() }),
});

export const savePatternGroup = defineCall({
  name: 'Creation/SavePatternGroup',
  path: apiPath('Creation', 'SavePatternGroup'),
  auth: 'required',
  tag: 'publishing',
  summary: '新建（不带 id）或重命名花型分组',
  request: Type.Object({ id: Type.Optional(Id), name: ClassifyName }),
  response: PatternGroup,
});

export const deletePatternGroup = defineCall({
  name: 'Creation/DeletePatternGroup',
  path: apiPath('Creation', 'DeletePatternGroup'),
  auth: 'required',
  tag: 'publishing',
  summary: '删除花型分组（其中的文件回到未分组）',
  request: Type.Object({ id: Id }),
  response: Type.Object({ deleted: Type.Boolean() }),
});

export const setPatternGroup = defineCall({
  name: 'Creation/SetPatternGroup',
  path: apiPath('Creation', 'SetPatternGroup'),
  auth: 'required',
  tag: 'publishing',
  summary: '把花型文件（按 id 或 fileKey）移入分组（groupId 为 null 时移出）',
  request: Type.Object({
    ids: Type.Array(Id, { maxItems: 200, uniqueItems: true, default: [] }),
    fileKeys: Type.Array(FileKey, { maxItems: 200, uniqueItems: true, default: [] }),
    groupId: Type.Union([Id, Type.Null()]),
  }),
  response: Type.Object({ updated: Type.Integer() }),
});

// ---- Sale records ----

export const SaleRecord = Type.Object({
  id: Type.Integer(),
  workId: Type.Integer(),
  workTitle: Type.String(),
  thumbUrl: Type.String(),
  orderNo: Type.String(),
  /** The buyer's company name only (never a person's details). */
  buyerCompany: Type.String(),
  licenceKind: Type.String(),
  licenceTitle: Type.String(),
  amountFen: Type.Integer(),
  /** The designer's share of the amount. */
  shareFen: Type.Integer(),
  soldAt: Type.String(),
});
export type SaleRecord = Static<typeof SaleRecord>;

const SaleFilters = {
  licenceKind: Type.Optional(literals(LICENCE_KINDS, '授权类型')),
  startDate: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '起始日（含）' }),
  ),
  endDate: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: '截止日（含）' }),
  ),
  keyword: Type.Optional(Type.String({ maxLength: 50, description: '作品标题或订单号' })),
};

export const SaleTotals = Type.Object({
  count: Type.Integer(),
  amountFen: Type.Integer(),
  shareFen: Type.Integer(),
});

export const getSaleRecordList = defineCall({
  name: 'SaleRecord/GetSaleRecordList',
  path: apiPath('SaleRecord', 'GetSaleRecordList'),
  auth: 'required',
  tag: 'publishing',
  summary: '我的销售记录（新的在前）：可按授权类型、日期、作品标题或订单号筛选，附合计',
  request: Type.Object({ ...PageQuery, ...SaleFilters }),
  response: Type.Object({
    list: Type.Array(SaleRecord),
    total: Type.Integer(),
    totals: SaleTotals,
  }),
});

export const getSaleRecordStats = defineCall({
  name: 'SaleRecord/GetSaleRecordStats',
  path: apiPath('SaleRecord', 'GetSaleRecordStats'),
  auth: 'required',
  tag: 'publishing',
  summary: '按月统计的销售额与我的收入（最近 N 个月，含没有销售的月份）',
  request: Type.Object({ months: Type.Integer({ minimum: 1, maximum: 36, default: 12 }) }),
  response: Type.Object({
    months: Type.Array(
      Type.Object({
        month: Type.String(),
        count: Type.Integer(),
        amountFen: Type.Integer(),
        shareFen: Type.Integer(),
      }),
    ),
  }),
});

export const getSaleRecordDetail = defineCall({
  name: 'SaleRecord/GetSaleRecordDetail',
  path: apiPath('SaleRecord', 'GetSaleRecordDetail'),
  auth: 'required',
  tag: 'publishing',
  summary: '一条销售记录的详情',
  request: Type.Object({ id: Id }),
  response: Type.Object({
    ...SaleRecord.properties,
    sharePercent: Type.Integer(),
    previewUrl: Type.String(),
  }),
});

/** Most rows one export returns. */
export const SALE_EXPORT_MAX_ROWS = 5000;

export const exportSaleRecords = defineCall({
  name: 'SaleRecord/ExportSaleRecords',
  path: apiPath('SaleRecord', 'ExportSaleRecords'),
  auth: 'required',
  tag: 'publishing',
  summary: '导出销售记录（与列表相同的筛选，最多 5000 行），页面据此生成 CSV',
  request: Type.Object({ ...SaleFilters }),
  response: Type.Object({ rows: Type.Array(SaleRecord), truncated: Type.Boolean() }),
});
