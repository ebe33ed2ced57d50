import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall } from './define';
import {
  DEMAND_DAYS_MAX,
  DEMAND_DAYS_MIN,
  DEMAND_DESCRIPTION_MAX,
  DEMAND_NOTE_MAX,
  DEMAND_QUOTA_MAX,
  DEMAND_REFERENCES_MAX,
  DEMAND_REFUSE_REASON_MAX,
  DEMAND_REWARD_MAX_FEN,
  DEMAND_TITLE_MAX,
} from '../rules/demand';

// Custom-pattern demands (docs/demands.md): customers publish, designers sign up and submit
// manuscripts, customers adopt (paying the reward held in escrow) or refuse. The spec's Demand
// calls plus the three it implies but does not name (SubmitManuscript, Adopt, and the release's
// reference-image upload reuses GenPostPolicy).

export const DEMAND_STATES = ['open', 'ended', 'closed', 'completed'] as const;
export type DemandState = (typeof DEMAND_STATES)[number];
export const DEMAND_STATE_TITLES: Record<DemandState, string> = {
  open: '征集中',
  ended: '已截止',
  closed: '已关闭',
  completed: '已完成',
};

export const MANUSCRIPT_STATES = ['submitted', 'adopted', 'refused'] as const;
export type ManuscriptState = (typeof MANUSCRIPT_STATES)[number];
export const MANUSCRIPT_STATE_TITLES: Record<ManuscriptState, string> = {
  submitted: '待处理',
  adopted: '已采用',
  refused: '未采用',
};

const DemandId = Type.Integer({ minimum: 1, description: '需求 ID' });

export const DemandCard = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  kid: Type.Integer(),
  categoryName: Type.String(),
  type: Type.Integer(),
  typeName: Type.String(),
  /** Reward per adopted manuscript, fen. */
  rewardFen: Type.Integer(),
  quota: Type.Integer(),
  adoptedCount: Type.Integer(),
  signUpCount: Type.Integer(),
  manuscriptCount: Type.Integer(),
  /** ISO time after which no manuscripts are taken. */
  deadline: Type.String(),
  createdAt: Type.String(),
  state: Type.Union(DEMAND_STATES.map((s) => Type.Literal(s))),
  stateName: Type.String(),
  /** The customer's nickname as shown publicly. */
  customerName: Type.String(),
  /** The first reference image (signed URL), or null. */
  coverUrl: Type.Union([Type.String(), Type.Null()]),
});
export type DemandCard = Static<typeof DemandCard>;

export const DemandListQuery = Type.Object({
  ...PageQuery,
  kid: Type.Integer({ minimum: 0, default: 0, description: '品类，0 为全部' }),
  type: Type.Integer({ minimum: 0, maximum: 3, default: 0, description: '需求类型，0 为全部' }),
  time: Type.Integer({
    minimum: 0,
    maximum: 2,
    default: 0,
    description: '发布时间：0 不限，1 七天内，2 三十天内',
  }),
  sort: Type.Integer({ minimum: 0, maximum: 1, default: 0, description: '0 最新，1 赏金最高' }),
  addSort: Type.Integer({
    minimum: 0,
    maximum: 1,
    default: 0,
    description: '发布时间 0 新→旧，1 旧→新',
  }),
  endSort: Type.Integer({ minimum: 0, maximum: 1, default: 0, description: '1 即将截止优先' }),
  /** Only demands still taking manuscripts. */
  openOnly: Type.Boolean({ default: false }),
});

export const getDemand = defineCall({
  name: 'Demand/GetDemand',
  path: apiPath('Demand', 'GetDemand'),
  tag: 'demands',
  summary: '需求列表：按品类、类型、发布时间筛选，按最新、赏金、截止时间排序',
  request: DemandListQuery,
  response: pageOf(DemandCard),
});

export const AdoptedCase = Type.Object({
  demandId: Type.Integer(),
  title: Type.String(),
  rewardFen: Type.Integer(),
  designerName: Type.String(),
  adoptedAt: Type.String(),
});
export type AdoptedCase = Static<typeof AdoptedCase>;

export const getCenterDemand = defineCall({
  name: 'Demand/GetCenterDemand',
  path: apiPath('Demand', 'GetCenterDemand'),
  tag: 'demands',
  summary: '图案定制首页：进行中的需求数与赏金、最新需求、最近采用',
  request: Type.Object({}),
  response: Type.Object({
    openCount: Type.Integer(),
    /** Rewards still on offer in open demands, fen. */
    openRewardFen: Type.Integer(),
    adoptedCount: Type.Integer(),
    /** Rewards paid to designers for adopted manuscripts, fen. */
    paidRewardFen: Type.Integer(),
    latest: Type.Array(DemandCard),
    adopted: Type.Array(AdoptedCase),
  }),
});

export const getAdoptDemand = defineCall({
  name: 'Demand/GetAdoptDemand',
  path: apiPath('Demand', 'GetAdoptDemand'),
  tag: 'demands',
  summary: '最近被采用的稿件（需求、赏金、设计师）',
  request: Type.Object({ ...PageQuery }),
  response: pageOf(AdoptedCase),
});

export const DemandViewer = Type.Object({
  isOwner: Type.Boolean(),
  signedUp: Type.Boolean(),
  collected: Type.Boolean(),
  myManuscriptCount: Type.Integer(),
  /** Whether the viewer may submit now (a designer, signed up, open, under the per-designer cap). */
  canSubmit: Type.Boolean(),
});

export const getDemandDetailBase = defineCall({
  name: 'Demand/GetDemandDetailBase',
  path: apiPath('Demand', 'GetDemandDetailBase'),
  auth: 'optional',
  tag: 'demands',
  summary: '需求基本信息与当前用户的关系（发布者、已报名、已收藏、我的稿件数）',
  request: Type.Object({ demandId: DemandId }),
  response: Type.Object({ demand: DemandCard, viewer: DemandViewer }),
});

export const getDemandDetailDescription = defineCall({
  name: 'Demand/GetDemandDetailDescription',
  path: apiPath('Demand', 'GetDemandDetailDescription'),
  tag: 'demands',
  summary: '需求描述与参考图',
  request: Type.Object({ demandId: DemandId }),
  response: Type.Object({
    description: Type.String(),
    referenceUrls: Type.Array(Type.String()),
  }),
});

export const Manuscript = Type.Object({
  id: Type.Integer(),
  demandId: Type.Integer(),
  designerId: Type.Integer(),
  designerName: Type.String(),
  /** Signed preview, only for the demand's customer and the manuscript's designer; else null. */
  previewUrl: Type.Union([Type.String(), Type.Null()]),
  note: Type.String(),
  state: Type.Union(MANUSCRIPT_STATES.map((s) => Type.Literal(s))),
  stateName: Type.String(),
  refuseReason: Type.String(),
  createdAt: Type.String(),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Manuscript = Static<typeof Manuscript>;

export const getDemandManuscriptList = defineCall({
  name: 'Demand/GetDemandManuscriptList',
  path: apiPath('Demand', 'GetDemandManuscriptList'),
  auth: 'optional',
  tag: 'demands',
  summary: '需求的稿件：发布者看到全部稿件图，其他人只看到投稿者与状态',
  request: Type.Object({ demandId: DemandId, ...PageQuery }),
  response: pageOf(Manuscript),
});

export const getMyDemandCreationList = defineCall({
  name: 'Demand/GetMyDemandCreationList',
  path: apiPath('Demand', 'GetMyDemandCreationList'),
  auth: 'required',
  tag: 'demands',
  summary: '我在某个需求下投的稿件',
  request: Type.Object({ demandId: DemandId }),
  response: Type.Array(Manuscript),
});

const MyListQuery = Type.Object({ ...PageQuery });

export const getMyPublishDemand = defineCall({
  name: 'Demand/GetMyPublishDemand',
  path: apiPath('Demand', 'GetMyPublishDemand'),
  auth: 'required',
  tag: 'demands',
  summary: '我发布的需求（含待处理稿件数）',
  request: MyListQuery,
  response: pageOf(Type.Object({ ...DemandCard.properties, pendingCount: Type.Integer() })),
});

export const getMyCollectionDemand = defineCall({
  name: 'Demand/GetMyCollectionDemand',
  path: apiPath('Demand', 'GetMyCollectionDemand'),
  auth: 'required',
  tag: 'demands',
  summary: '我收藏的需求',
  request: MyListQuery,
  response: pageOf(DemandCard),
});

export const getSignUpDemand = defineCall({
  name: 'Demand/GetSignUpDemand',
  path: apiPath('Demand', 'GetSignUpDemand'),
  auth: 'required',
  tag: 'demands',
  summary: '我报名的需求（含我的稿件数与采用数）',
  request: MyListQuery,
  response: pageOf(
    Type.Object({
      ...DemandCard.properties,
      myManuscriptCount: Type.Integer(),
      myAdoptedCount: Type.Integer(),
    }),
  ),
});

export const collectDemand = defineCall({
  name: 'Demand/CollectDemand',
  path: apiPath('Demand', 'CollectDemand'),
  auth: 'required',
  tag: 'demands',
  summary: '收藏或取消收藏需求',
  request: Type.Object({ demandId: DemandId, collect: Type.Boolean() }),
  response: Type.Object({ collected: Type.Boolean(), collectCount: Type.Integer() }),
});

export const applyDemand = defineCall({
  name: 'Demand/ApplyDemand',
  path: apiPath('Demand', 'ApplyDemand'),
  auth: 'designer',
  tag: 'demands',
  summary: '设计师报名需求（重复报名无副作用）',
  request: Type.Object({ demandId: DemandId }),
  response: Type.Object({ signUpCount: Type.Integer() }),
});

export const PublishAllowance = Type.Object({
  isMember: Type.Boolean(),
  /** 定制需求发布 units left (T28). */
  remain: Type.Integer(),
  balanceFen: Type.Integer(),
  canPublish: Type.Boolean(),
  /** Why not, in words ('' when allowed). */
  reason: Type.String(),
});
export type PublishAllowance = Static<typeof PublishAllowance>;

export const checkPublish = defineCall({
  name: 'Demand/CheckPublish',
  path: apiPath('Demand', 'CheckPublish'),
  auth: 'required',
  tag: 'demands',
  summary: '能否发布需求：会员、剩余定制需求发布次数与余额',
  request: Type.Object({}),
  response: PublishAllowance,
});

export const DemandForm = {
  title: Type.String({ minLength: 1, maxLength: DEMAND_TITLE_MAX * 2, description: '需求标题' }),
  kid: Type.Integer({ minimum: 1, description: '品类' }),
  type: Type.Integer({ minimum: 1, maximum: 3, description: '需求类型' }),
  description: Type.String({ minLength: 1, maxLength: DEMAND_DESCRIPTION_MAX * 2 }),
};

export const publishDemand = defineCall({
  name: 'Demand/Publish',
  path: apiPath('Demand', 'Publish'),
  auth: 'required',
  tag: 'demands',
  summary: '发布需求：扣一次定制需求发布次数，并从余额托管赏金（单稿赏金 × 采用数量）',
  request: Type.Object({
    /** The form's key: a double click or a retry publishes once. */
    requestId: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }),
    ...DemandForm,
    rewardFen: Type.Integer({ minimum: 1, maximum: DEMAND_REWARD_MAX_FEN }),
    quota: Type.Integer({ minimum: 1, maximum: DEMAND_QUOTA_MAX }),
    days: Type.Integer({ minimum: DEMAND_DAYS_MIN, maximum: DEMAND_DAYS_MAX }),
    /** Storage keys of the customer's uploads (GenPostPolicy), at most three. */
    referenceKeys: Type.Array(Type.String({ maxLength: 300 }), {
      maxItems: DEMAND_REFERENCES_MAX,
      default: [],
    }),
  }),
  response: Type.Object({ demandId: Type.Integer(), escrowFen: Type.Integer() }),
});

export const demandEdit = defineCall({
  name: 'Demand/DemandEdit',
  path: apiPath('Demand', 'DemandEdit'),
  auth: 'required',
  tag: 'demands',
  summary: '修改进行中的需求：标题、描述、品类与类型，或延长征稿期（赏金与数量不可改）',
  request: Type.Object({
    demandId: DemandId,
    ...DemandForm,
    /** Days added to the deadline (0 keeps it). */
    extendDays: Type.Integer({ minimum: 0, maximum: DEMAND_DAYS_MAX, default: 0 }),
  }),
  response: DemandCard,
});

export const closeDemand = defineCall({
  name: 'Demand/CloseDemand',
  path: apiPath('Demand', 'CloseDemand'),
  auth: 'required',
  tag: 'demands',
  summary: '关闭需求：未采用名额的赏金退回余额，待处理稿件标为未采用',
  request: Type.Object({ demandId: DemandId }),
  response: Type.Object({ refundedFen: Type.Integer() }),
});

export const submitManuscript = defineCall({
  name: 'Demand/SubmitManuscript',
  path: apiPath('Demand', 'SubmitManuscript'),
  auth: 'designer',
  tag: 'demands',
  summary: '设计师投稿（先报名；文件由 GenPostPolicy 上传）',
  request: Type.Object({
    demandId: DemandId,
    fileKey: Type.String({ minLength: 1, maxLength: 300 }),
    note: Type.String({ maxLength: DEMAND_NOTE_MAX, default: '' }),
  }),
  response: Manuscript,
});

export const adoptManuscript = defineCall({
  name: 'Demand/Adopt',
  path: apiPath('Demand', 'Adopt'),
  auth: 'required',
  tag: 'demands',
  summary: '采用稿件：托管的赏金付给设计师（平台按授权同样比例收取服务费）',
  request: Type.Object({ manuscriptId: Type.Integer({ minimum: 1 }) }),
  response: Manuscript,
});

export const refuseManuscript = defineCall({
  name: 'Demand/Refuse',
  path: apiPath('Demand', 'Refuse'),
  auth: 'required',
  tag: 'demands',
  summary: '不采用稿件（附理由）',
  request: Type.Object({
    manuscriptId: Type.Integer({ minimum: 1 }),
    reason: Type.String({ minLength: 1, maxLength: DEMAND_REFUSE_REASON_MAX }),
  }),
  response: Manuscript,
});

export const getManuscriptOriginal = defineCall({
  name: 'Demand/GetManuscriptOriginal',
  path: apiPath('Demand', 'GetManuscriptOriginal'),
  auth: 'required',
  tag: 'demands',
  summary: '下载已采用稿件的原图（需求发布者与稿件作者）',
  request: Type.Object({ manuscriptId: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({ url: Type.String() }),
});
