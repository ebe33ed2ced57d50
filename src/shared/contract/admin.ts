import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall } from './define';
import { VerifyRecord } from './identity';
import { LicencePrice, WorkStatusKey } from './publishing';
import { ApplicationKindKey, ApplicationStateKey, DesignerApplication } from './settle-in';

// The reviewers' back office (/admin): settle-in applications and works in review. Every call needs a
// signed-in user with the role admin; anyone else gets code 1003.

const Id = Type.Integer({ minimum: 1 });

export const getAdminOverview = defineCall({
  name: 'Admin/GetOverview',
  path: apiPath('Admin', 'GetOverview'),
  auth: 'admin',
  tag: 'admin',
  summary: '后台概览：待审核的入驻申请与作品数量',
  request: Type.Object({}),
  response: Type.Object({
    pendingApplications: Type.Integer(),
    pendingWorks: Type.Integer(),
    settledDesigners: Type.Integer(),
    publishedWorks: Type.Integer(),
  }),
});

export const AdminApplicationRow = Type.Object({
  id: Type.Integer(),
  kind: ApplicationKindKey,
  state: ApplicationStateKey,
  nickName: Type.String(),
  /** Real name (personal) or company name (enterprise). */
  applicantName: Type.String(),
  userId: Type.Integer(),
  caiHongID: Type.String(),
  phoneMasked: Type.String(),
  sampleCount: Type.Integer(),
  createdAt: Type.String(),
  reviewedAt: Type.Union([Type.String(), Type.Null()]),
  /** Applied with an invitation code (/sign): waits at the top of the queue. */
  invited: Type.Boolean(),
});
export type AdminApplicationRow = Static<typeof AdminApplicationRow>;

export const getApplicationList = defineCall({
  name: 'Admin/GetApplicationList',
  path: apiPath('Admin', 'GetApplicationList'),
  auth: 'admin',
  tag: 'admin',
  summary: '入驻申请列表（默认待审核，受邀申请优先，其余先到先审）',
  request: Type.Object({
    ...PageQuery,
    state: Type.Optional(ApplicationStateKey),
    kind: Type.Optional(ApplicationKindKey),
  }),
  response: pageOf(AdminApplicationRow),
});

export const AdminApplicationDetail = Type.Object({
  application: DesignerApplication,
  applicant: Type.Object({
    userId: Type.Integer(),
    caiHongID: Type.String(),
    userName: Type.String(),
    phoneMasked: Type.String(),
    registeredAt: Type.String(),
    settleStatus: Type.Integer(),
  }),
  verification: Type.Union([VerifyRecord, Type.Null()]),
  /** The applicant's earlier applications, newest first. */
  history: Type.Array(
    Type.Object({
      id: Type.Integer(),
      state: ApplicationStateKey,
      createdAt: Type.String(),
      rejectReason: Type.String(),
    }),
  ),
});
export type AdminApplicationDetail = Static<typeof AdminApplicationDetail>;

export const getApplicationDetail = defineCall({
  name: 'Admin/GetApplicationDetail',
  path: apiPath('Admin', 'GetApplicationDetail'),
  auth: 'admin',
  tag: 'admin',
  summary: '入驻申请详情：样例图片、实名认证结果、申请人与历史申请',
  request: Type.Object({ id: Id }),
  response: AdminApplicationDetail,
});

const Reason = Type.String({
  maxLength: 200,
  default: '',
  description: '驳回或下架原因（驳回时必填）',
});

export const reviewApplication = defineCall({
  name: 'Admin/ReviewApplication',
  path: apiPath('Admin', 'ReviewApplication'),
  auth: 'admin',
  tag: 'admin',
  summary:
    '审核入驻申请：通过则成为已入驻设计师并开通店铺/图库（公司另开通企业展厅）；驳回须写明原因',
  request: Type.Object({ id: Id, approve: Type.Boolean(), reason: Reason }),
  response: DesignerApplication,
});

/** A possible copy found before review: another designer's work, or the designer's own exclusively sold one. */
export const DuplicateHit = Type.Object({
  workId: Type.Integer(),
  title: Type.String(),
  designerId: Type.Integer(),
  designerName: Type.String(),
  status: Type.String(),
  thumbUrl: Type.String(),
  /** 0–1, 1 for the very same picture. */
  score: Type.Number(),
  /** other_designer | own_exclusive */
  reason: Type.String(),
  /** exact (same bytes) | similar (image search). */
  match: Type.String(),
});
export type DuplicateHit = Static<typeof DuplicateHit>;

export const AdminWorkRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: WorkStatusKey,
  thumbUrl: Type.String(),
  designerId: Type.Integer(),
  designerName: Type.String(),
  categoryTitle: Type.String(),
  headerType: Type.Integer(),
  priceFen: Type.Integer(),
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  duplicateCount: Type.Integer(),
});
export type AdminWorkRow = Static<typeof AdminWorkRow>;

export const ADMIN_WORK_STATES = ['review', 'published', 'rejected', 'offline'] as const;

export const getWorkReviewList = defineCall({
  name: 'Admin/GetWorkReviewList',
  path: apiPath('Admin', 'GetWorkReviewList'),
  auth: 'admin',
  tag: 'admin',
  summary: '作品审核列表（默认审核中，先提交先审），可按状态与标题/设计师筛选',
  request: Type.Object({
    ...PageQuery,
    status: Type.Optional(Type.Union(ADMIN_WORK_STATES.map((s) => Type.Literal(s)))),
    keyword: Type.Optional(Type.String({ maxLength: 50 })),
  }),
  response: pageOf(AdminWorkRow),
});

export const AdminWorkDetail = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  status: WorkStatusKey,
  statusTitle: Type.String(),
  /** Signed URLs of the uploaded original and its thumbnail. */
  imageUrl: Type.String(),
  thumbUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  categoryPath: Type.Array(Type.String()),
  style: Type.String(),
  styleTitle: Type.String(),
  headerType: Type.Integer(),
  isSeamless: Type.Boolean(),
  tags: Type.Array(Type.String()),
  colors: Type.Array(Type.String()),
  licences: Type.Array(LicencePrice),
  designer: Type.Object({
    userId: Type.Integer(),
    userName: Type.String(),
    caiHongID: Type.String(),
  }),
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  duplicates: Type.Array(DuplicateHit),
  history: Type.Array(
    Type.Object({
      state: Type.String(),
      reason: Type.String(),
      at: Type.String(),
    }),
  ),
});
export type AdminWorkDetail = Static<typeof AdminWorkDetail>;

export const getWorkReviewDetail = defineCall({
  name: 'Admin/GetWorkReviewDetail',
  path: apiPath('Admin', 'GetWorkReviewDetail'),
  auth: 'admin',
  tag: 'admin',
  summary: '待审作品详情：原图、资料、授权价格，以及查重命中的作品（与原图并排比对）',
  request: Type.Object({ id: Id }),
  response: AdminWorkDetail,
});

export const reviewWork = defineCall({
  name: 'Admin/ReviewWork',
  path: apiPath('Admin', 'ReviewWork'),
  auth: 'admin',
  tag: 'admin',
  summary: '审核作品：通过则生成公开预览与缩略图、建立搜索索引并发布；驳回须写明原因',
  request: Type.Object({ id: Id, approve: Type.Boolean(), reason: Reason }),
  response: Type.Object({ id: Type.Integer(), status: WorkStatusKey }),
});

export const takeDownWork = defineCall({
  name: 'Admin/TakeDownWork',
  path: apiPath('Admin', 'TakeDownWork'),
  auth: 'admin',
  tag: 'admin',
  summary: '下架已发布的作品（须写明原因，设计师可见）',
  request: Type.Object({
    id: Id,
    reason: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  }),
  response: Type.Object({ id: Type.Integer(), status: WorkStatusKey }),
});
