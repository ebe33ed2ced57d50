import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery } from './common';
import { apiPath, defineCall, sapiPath } from './define';
import { SearchImageFile } from './image-search';
import { isPhoneNumber } from '../rules/roles';

// The south-west folk-culture base (issue 14, spec §1, §2, §3, §6, §7; docs/folk.md): a collection
// of Miao, Dong, Yi and Bouyei works apart from the general catalogue, open to entitled users only.
// Every call below except the entry flag and the access request checks the entitlement on the server.

/** §7 GET account-search/basic/dict/getByKey keys. */
export const FOLK_DICT_KEYS = {
  /** The signed-in user's entry flag (boolean; false for guests). */
  enter: 'southwestFolkEnter',
  /** The intention form's industry list (entitled users). */
  industries: 'southwestIntentionIndustry',
} as const;

/** The intention form's industries (§7 dict list), in the order the form offers them. */
export const FOLK_INDUSTRIES = [
  '服装面料',
  '家纺床品',
  '墙纸墙布',
  '包装印刷',
  '文创礼品',
  '箱包鞋帽',
  '数码配件',
  '文旅景区',
  '出版传媒',
  '其他',
] as const;

/** Licensing-intention follow-up states and the moves an admin may make from each. */
export const FOLK_INTENTION_STATES = ['received', 'contacted', 'contracted', 'declined'] as const;
export type FolkIntentionState = (typeof FOLK_INTENTION_STATES)[number];
export const FOLK_INTENTION_STATE_TITLES: Record<FolkIntentionState, string> = {
  received: '已受理',
  contacted: '已联系',
  contracted: '已签约',
  declined: '已婉拒',
};
export const FOLK_INTENTION_NEXT: Record<FolkIntentionState, readonly FolkIntentionState[]> = {
  received: ['contacted', 'declined'],
  contacted: ['contracted', 'declined'],
  contracted: [],
  declined: [],
};

export const FOLK_REQUEST_STATES = ['pending', 'granted', 'refused'] as const;
export type FolkRequestState = (typeof FOLK_REQUEST_STATES)[number];
export const FOLK_REQUEST_STATE_TITLES: Record<FolkRequestState, string> = {
  pending: '待审核',
  granted: '已开通',
  refused: '未通过',
};

/** Field limits of the intention form, in characters. */
export const FOLK_INTENTION_LIMITS = {
  company: 60,
  contact: 30,
  purpose: 500,
  products: 300,
  quantity: 100,
  territory: 100,
  works: 20,
} as const;

/** The intention form's checks, said the same way by the form and the server (§5 phone rule). */
export const FOLK_INTENTION_MSG = {
  companyRequired: '请填写单位名称',
  contactRequired: '请填写联系人',
  phoneInvalid: '请输入正确的手机号（11 位，以 1 开头）',
  industryInvalid: '请从列表中选择所属行业',
  purposeRequired: '请填写授权用途',
  productsRequired: '请填写拟使用的产品',
  worksRequired: '请至少选择一件作品',
  worksTooMany: (max: number) => `一次最多选择 ${max} 件作品`,
  worksUnknown: '所选作品不存在或已下架，请重新选择',
  quantityRequired: '请填写预计数量',
  territoryRequired: '请填写使用地域',
} as const;

export type FolkIntentionFields = {
  company: string;
  contact: string;
  phone: string;
  industry: string;
  purpose: string;
  products: string;
  workIds: readonly number[];
  quantity: string;
  territory: string;
};

/** The first problem of a filled intention form (fields trimmed), or null. */
export function folkIntentionProblem(i: FolkIntentionFields): string | null {
  const M = FOLK_INTENTION_MSG;
  if (!i.company) return M.companyRequired;
  if (!i.contact) return M.contactRequired;
  if (!isPhoneNumber(i.phone)) return M.phoneInvalid;
  if (!(FOLK_INDUSTRIES as readonly string[]).includes(i.industry)) return M.industryInvalid;
  if (!i.purpose) return M.purposeRequired;
  if (!i.products) return M.productsRequired;
  if (i.workIds.length === 0) return M.worksRequired;
  if (i.workIds.length > FOLK_INTENTION_LIMITS.works) {
    return M.worksTooMany(FOLK_INTENTION_LIMITS.works);
  }
  if (!i.quantity) return M.quantityRequired;
  if (!i.territory) return M.territoryRequired;
  return null;
}

const FolkState = Type.Union(FOLK_INTENTION_STATES.map((s) => Type.Literal(s)));
const RequestState = Type.Union(FOLK_REQUEST_STATES.map((s) => Type.Literal(s)));
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** §3 South-west tag. */
export const FolkTag = Type.Object({ id: Type.Integer(), name: Type.String() });
export type FolkTag = Static<typeof FolkTag>;

export const FolkWorkCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  people: Type.String(),
  craft: Type.String(),
  origin: Type.String(),
  /** Signed link to the thumbnail, valid one hour. */
  thumb: Type.String(),
  likeCount: Type.Integer(),
  publishedAt: Type.String(),
});
export type FolkWorkCard = Static<typeof FolkWorkCard>;

export const FolkWorkPage = Type.Object({
  list: Type.Array(FolkWorkCard),
  total: Type.Integer(),
});
export type FolkWorkPage = Static<typeof FolkWorkPage>;

/** A featured collection of the landing page: one people's craft. */
export const FolkCollection = Type.Object({
  craft: Type.String(),
  people: Type.String(),
  intro: Type.String(),
  count: Type.Integer(),
  cover: Type.String(),
});
export type FolkCollection = Static<typeof FolkCollection>;

export const fetchHasSouthwestEnter = defineCall({
  name: 'southwestfolk.FetchHasSouthwestEnter',
  path: sapiPath('southwestfolk/FetchHasSouthwestEnter'),
  auth: 'optional',
  tag: 'folk',
  summary: '当前用户能否进入西南民族文化基地（决定页头入口；游客为 false）',
  request: Type.Object({}),
  response: Type.Boolean(),
});

export const fetchFolkTagList = defineCall({
  name: 'southwestfolk.FetchTagList',
  path: sapiPath('southwestfolk/FetchTagList'),
  auth: 'required',
  tag: 'folk',
  summary: '西南民族文化基地的标签（仅已开通权限的用户）',
  request: Type.Object({}),
  response: Type.Array(FolkTag),
});

export const getFolkDictByKey = defineCall({
  name: 'account-search/dict/getByKey',
  method: 'GET',
  path: sapiPath('account-search/basic/dict/getByKey'),
  auth: 'optional',
  tag: 'folk',
  summary: `按键取字典：${FOLK_DICT_KEYS.enter}（当前用户的基地入口标志）、${FOLK_DICT_KEYS.industries}（授权意向的行业列表，仅已开通权限的用户）`,
  request: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }),
  response: Type.Union([Type.Boolean(), Type.Array(Type.String())]),
});

export const getFolkIndex = defineCall({
  name: 'SouthwestCreation/GetIndex',
  path: sapiPath('tu-zp/api/SouthwestCreation/GetIndex'),
  auth: 'required',
  tag: 'folk',
  summary: '基地首页：按民族与工艺的专题、标签与最新作品',
  request: Type.Object({}),
  response: Type.Object({
    collections: Type.Array(FolkCollection),
    tags: Type.Array(FolkTag),
    newest: Type.Array(FolkWorkCard),
    total: Type.Integer(),
  }),
});

export const getFolkTagList = defineCall({
  name: 'SouthwestCreation/GetTagList',
  path: sapiPath('tu-zp/api/SouthwestCreation/GetTagList'),
  auth: 'required',
  tag: 'folk',
  summary: '基地标签及各标签的作品数',
  request: Type.Object({}),
  response: Type.Array(Type.Object({ ...FolkTag.properties, count: Type.Integer() })),
});

export const getFolkList = defineCall({
  name: 'SouthwestCreation/GetList',
  path: sapiPath('tu-zp/api/SouthwestCreation/GetList'),
  auth: 'required',
  tag: 'folk',
  summary: '基地作品检索：关键词（分词）、标签、民族、工艺，分页',
  request: Type.Object({
    keyword: Type.String({ maxLength: 64, default: '' }),
    tagId: Type.Optional(Id),
    people: Type.String({ maxLength: 20, default: '' }),
    craft: Type.String({ maxLength: 20, default: '' }),
    ...PageQuery,
  }),
  response: FolkWorkPage,
});

/** A folk image search sends one picture; the body may be as large as the image search allows. */
export const searchFolkImage = defineCall({
  name: 'SouthwestCreation/SearchImage',
  path: sapiPath('tu-zp/api/SouthwestCreation/SearchImage'),
  auth: 'required',
  tag: 'folk',
  summary: '基地以图搜图：只在基地作品中找同款与相似',
  request: Type.Object({
    files: Type.Array(SearchImageFile, { minItems: 1, maxItems: 1 }),
    ignoreColor: Type.Boolean({ default: false }),
  }),
  response: Type.Object({
    list: Type.Array(
      Type.Object({
        ...FolkWorkCard.properties,
        score: Type.Number(),
        match: Type.Union([Type.Literal('same'), Type.Literal('similar')]),
      }),
    ),
    total: Type.Integer(),
  }),
});

export const FolkWorkDetail = Type.Object({
  ...FolkWorkCard.properties,
  motifMeaning: Type.String(),
  inheritor: Type.String(),
  note: Type.String(),
  designerName: Type.String(),
  /** Signed link to the large watermarked preview for zooming, valid one hour. */
  zoom: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  tags: Type.Array(FolkTag),
  liked: Type.Boolean(),
});
export type FolkWorkDetail = Static<typeof FolkWorkDetail>;

export const getFolkDetails = defineCall({
  name: 'SouthwestCreation/GetDetails',
  path: sapiPath('tu-zp/api/SouthwestCreation/GetDetails'),
  auth: 'required',
  tag: 'folk',
  summary: '基地作品详情：文化说明、可放大的水印预览、点赞',
  request: Type.Object({ id: Id }),
  response: FolkWorkDetail,
});

export const likeFolkWork = defineCall({
  name: 'SouthwestCreation/Likes',
  path: sapiPath('tu-zp/api/SouthwestCreation/Likes'),
  auth: 'required',
  tag: 'folk',
  summary: '点赞（每人每件一次，重复点击不重复计数）或取消点赞',
  request: Type.Object({ id: Id, like: Type.Boolean({ default: true }) }),
  response: Type.Object({ liked: Type.Boolean(), likeCount: Type.Integer() }),
});

export const FolkIntention = Type.Object({
  id: Type.Integer(),
  refNo: Type.String(),
  company: Type.String(),
  contact: Type.String(),
  phone: Type.String(),
  industry: Type.String(),
  purpose: Type.String(),
  products: Type.String(),
  works: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  quantity: Type.String(),
  territory: Type.String(),
  status: FolkState,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  followUps: Type.Array(
    Type.Object({ status: FolkState, note: Type.String(), createdAt: Type.String() }),
  ),
});
export type FolkIntention = Static<typeof FolkIntention>;

const text = (max: number) => Type.String({ maxLength: max, default: '' });

export const submitFolkIntention = defineCall({
  name: 'SouthwestCreation/SubmitIntentionInfo',
  path: sapiPath('tu-zp/api/SouthwestCreation/SubmitIntentionInfo'),
  auth: 'required',
  tag: 'folk',
  summary:
    '提交授权意向：单位、联系人、手机号、行业、用途与产品、所选作品、数量与地域；返回受理编号',
  request: Type.Object({
    /** One key per filled form: a double click or retry returns the first intention. */
    requestKey: Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$' }),
    company: text(FOLK_INTENTION_LIMITS.company),
    contact: text(FOLK_INTENTION_LIMITS.contact),
    phone: text(20),
    industry: text(20),
    purpose: text(FOLK_INTENTION_LIMITS.purpose),
    products: text(FOLK_INTENTION_LIMITS.products),
    workIds: Type.Array(Id, { maxItems: FOLK_INTENTION_LIMITS.works, default: [] }),
    quantity: text(FOLK_INTENTION_LIMITS.quantity),
    territory: text(FOLK_INTENTION_LIMITS.territory),
  }),
  response: FolkIntention,
});

export const getMyFolkIntentions = defineCall({
  name: 'SouthwestCreation/GetMyIntentions',
  path: sapiPath('tu-zp/api/SouthwestCreation/GetMyIntentions'),
  auth: 'required',
  tag: 'folk',
  summary: '我提交的授权意向及跟进状态',
  request: Type.Object({}),
  response: Type.Array(FolkIntention),
});

export const FolkAccessRequest = Type.Object({
  id: Type.Integer(),
  company: Type.String(),
  reason: Type.String(),
  status: RequestState,
  reply: Type.String(),
  createdAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
});
export type FolkAccessRequest = Static<typeof FolkAccessRequest>;

export const getMyFolkAccess = defineCall({
  name: 'southwestfolk.GetMyAccess',
  path: sapiPath('southwestfolk/GetMyAccess'),
  auth: 'required',
  tag: 'folk',
  summary: '我能否进入基地，以及我最近一次开通申请',
  request: Type.Object({}),
  response: Type.Object({
    entitled: Type.Boolean(),
    request: Type.Union([FolkAccessRequest, Type.Null()]),
  }),
});

export const applyFolkAccess = defineCall({
  name: 'southwestfolk.ApplyEnter',
  path: sapiPath('southwestfolk/ApplyEnter'),
  auth: 'required',
  tag: 'folk',
  summary: '申请开通西南民族文化基地（由平台审核）',
  request: Type.Object({
    company: Type.String({ maxLength: 60, default: '' }),
    reason: Type.String({ maxLength: 300, default: '' }),
  }),
  response: FolkAccessRequest,
});

// ---- back office /admin/folk ----

export const FolkAccessRow = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  phone: Type.String(),
  caiHongID: Type.String(),
});

export const getFolkAccessDesk = defineCall({
  name: 'Admin/GetFolkAccess',
  path: apiPath('Admin', 'GetFolkAccess'),
  auth: 'admin',
  tag: 'folk',
  summary: '后台：已开通基地的用户与开通申请',
  request: Type.Object({}),
  response: Type.Object({
    entitled: Type.Array(
      Type.Object({ ...FolkAccessRow.properties, grantedAt: Type.String(), note: Type.String() }),
    ),
    requests: Type.Array(
      Type.Object({ ...FolkAccessRow.properties, ...FolkAccessRequest.properties }),
    ),
  }),
});

export const grantFolkAccess = defineCall({
  name: 'Admin/GrantFolkAccess',
  path: apiPath('Admin', 'GrantFolkAccess'),
  auth: 'admin',
  tag: 'folk',
  summary: '后台：按手机号为用户开通基地（如签署非遗合作的企业）',
  request: Type.Object({
    phone: Type.String({ maxLength: 20 }),
    note: Type.String({ maxLength: 100, default: '' }),
  }),
  response: Type.Object({ userId: Type.Integer() }),
});

export const revokeFolkAccess = defineCall({
  name: 'Admin/RevokeFolkAccess',
  path: apiPath('Admin', 'RevokeFolkAccess'),
  auth: 'admin',
  tag: 'folk',
  summary: '后台：收回用户的基地权限',
  request: Type.Object({ userId: Id }),
  response: Type.Object({ userId: Type.Integer() }),
});

export const answerFolkAccessRequest = defineCall({
  name: 'Admin/AnswerFolkAccessRequest',
  path: apiPath('Admin', 'AnswerFolkAccessRequest'),
  auth: 'admin',
  tag: 'folk',
  summary: '后台：答复开通申请（通过即开通），并通知申请人',
  request: Type.Object({
    id: Id,
    grant: Type.Boolean(),
    reply: Type.String({ maxLength: 200, default: '' }),
  }),
  response: FolkAccessRequest,
});

export const getFolkIntentionDesk = defineCall({
  name: 'Admin/GetFolkIntentions',
  path: apiPath('Admin', 'GetFolkIntentions'),
  auth: 'admin',
  tag: 'folk',
  summary: '后台：授权意向列表（可按状态筛选）',
  request: Type.Object({
    status: Type.Optional(FolkState),
    ...PageQuery,
  }),
  response: Type.Object({
    list: Type.Array(Type.Object({ ...FolkIntention.properties, userName: Type.String() })),
    total: Type.Integer(),
  }),
});

export const setFolkIntentionState = defineCall({
  name: 'Admin/SetFolkIntentionState',
  path: apiPath('Admin', 'SetFolkIntentionState'),
  auth: 'admin',
  tag: 'folk',
  summary: '后台：记录授权意向的跟进状态（已联系、已签约、已婉拒），并通知提交人',
  request: Type.Object({
    id: Id,
    status: FolkState,
    note: Type.String({ maxLength: 200, default: '' }),
  }),
  response: FolkIntention,
});
