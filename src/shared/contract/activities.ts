import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall } from './define';

// Activities and designer signing (issue 13, docs/activities.md): promotional activities (a
// designer contest or a sign-up) with rules, a window in China time and the user's participation;
// invitation codes an admin issues, checked at /sign/{Code}, used once by a settle-in application.

/** contest 设计大赛 · signup 报名活动. */
export const ActivityKind = Type.Union([Type.Literal('contest'), Type.Literal('signup')]);
export type ActivityKind = Static<typeof ActivityKind>;

/** Where an activity's window stands, computed on the server. */
export const ActivityStatus = Type.Union([
  Type.Literal('notStarted'),
  Type.Literal('running'),
  Type.Literal('ended'),
]);
export type ActivityStatus = Static<typeof ActivityStatus>;

/** The status names the pages show. */
export const ACTIVITY_STATUS_TITLES: Record<ActivityStatus, string> = {
  notStarted: '未开始',
  running: '进行中',
  ended: '已结束',
};

export const ACTIVITY_KIND_TITLES: Record<ActivityKind, string> = {
  contest: '设计大赛',
  signup: '报名活动',
};

export const ACTIVITY_TITLE_MAX = 40;
export const ACTIVITY_SUMMARY_MAX = 120;
export const ACTIVITY_RULES_MIN = 10;
export const ACTIVITY_RULES_MAX = 20_000;
/** China calendar day, YYYY-MM-DD. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });

export const ActivitySummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  kind: ActivityKind,
  summary: Type.String(),
  coverUrl: Type.String(),
  /** First and last China calendar day of the window (both inclusive). */
  startDay: Type.String(),
  endDay: Type.String(),
  status: ActivityStatus,
  statusTitle: Type.String(),
  participantCount: Type.Integer(),
});
export type ActivitySummary = Static<typeof ActivitySummary>;

export const ActivityDetail = Type.Object({
  ...ActivitySummary.properties,
  /** The rules, Markdown rendered and sanitised on the server. */
  rulesHtml: Type.String(),
  /** Whether the caller joined; null for a guest. */
  joined: Type.Union([Type.Boolean(), Type.Null()]),
});
export type ActivityDetail = Static<typeof ActivityDetail>;

export const getActivityDetail = defineCall({
  name: 'AT/GetDetail',
  path: apiPath('AT', 'GetDetail'),
  auth: 'optional',
  tag: 'activities',
  summary:
    '活动详情：不传 id 时为当前活动（进行中优先，其次即将开始，再次最近结束），含规则、时间与参与状态',
  request: Type.Object({ id: Type.Optional(Type.Integer({ minimum: 1 })) }),
  response: ActivityDetail,
});

export const getRecommendActivityList = defineCall({
  name: 'AT/GetRecommendActivityList',
  path: apiPath('AT', 'GetRecommendActivityList'),
  tag: 'activities',
  summary: '推荐活动列表：进行中、即将开始、最近结束的活动',
  request: Type.Object({ size: Type.Integer({ minimum: 1, maximum: 20, default: 6 }) }),
  response: Type.Array(ActivitySummary),
});

export const joinActivity = defineCall({
  name: 'AT/JoinActivity',
  path: apiPath('AT', 'JoinActivity'),
  auth: 'required',
  tag: 'activities',
  summary: '参加活动（进行中的活动才能参加；重复提交只算一次）',
  request: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({ joined: Type.Boolean(), participantCount: Type.Integer() }),
});

/** The back office. */
export const AdminActivity = Type.Object({
  ...ActivitySummary.properties,
  rulesMarkdown: Type.String(),
});
export type AdminActivity = Static<typeof AdminActivity>;

export const getAdminActivityList = defineCall({
  name: 'Admin/GetActivityList',
  path: apiPath('Admin', 'GetActivityList'),
  auth: 'admin',
  tag: 'activities',
  summary: '后台：全部活动（新建的在前），含规则原文与参与人数',
  request: Type.Object({}),
  response: Type.Array(AdminActivity),
});

export const saveActivity = defineCall({
  name: 'Admin/SaveActivity',
  path: apiPath('Admin', 'SaveActivity'),
  auth: 'admin',
  tag: 'activities',
  summary:
    '后台：新建（不传 id）或修改活动：标题、类型、简介、封面、规则（Markdown）、起止日期（北京时间）',
  request: Type.Object({
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    title: Type.String({ maxLength: ACTIVITY_TITLE_MAX * 2 }),
    kind: ActivityKind,
    summary: Type.String({ maxLength: ACTIVITY_SUMMARY_MAX * 2, default: '' }),
    coverUrl: Type.String({ maxLength: 500, default: '' }),
    rulesMarkdown: Type.String({ maxLength: ACTIVITY_RULES_MAX * 2 }),
    startDay: Day,
    endDay: Day,
  }),
  response: AdminActivity,
});

export const ActivityParticipant = Type.Object({
  userId: Type.Integer(),
  caiHongID: Type.String(),
  nickName: Type.String(),
  phoneMasked: Type.String(),
  joinedAt: Type.String(),
});
export type ActivityParticipant = Static<typeof ActivityParticipant>;

export const getActivityParticipants = defineCall({
  name: 'Admin/GetActivityParticipants',
  path: apiPath('Admin', 'GetActivityParticipants'),
  auth: 'admin',
  tag: 'activities',
  summary: '后台：一个活动的参与者（先参加的在前），分页',
  request: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    pageIndex: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  }),
  response: Type.Object({ total: Type.Integer(), list: Type.Array(ActivityParticipant) }),
});

// Invitation codes.

/** Eight characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const INVITATION_CODE_PATTERN = '^[A-HJKMNP-Z2-9]{8}$';
export const INVITATION_CODE_LENGTH = 8;

export const checkInvitationCode = defineCall({
  name: 'Invitation/CheckInvitationCode',
  path: apiPath('Invitation', 'CheckInvitationCode'),
  auth: 'required',
  tag: 'activities',
  summary: '检查设计师签约邀请码：有效时返回受邀人姓名、手机号（用于预填入驻申请）与有效期',
  request: Type.Object({ code: Type.String({ maxLength: 32 }) }),
  response: Type.Object({
    code: Type.String(),
    inviteeName: Type.String(),
    /** The invited phone when the code names one (it is then the caller's own), else ''. */
    inviteePhone: Type.String(),
    expiresAt: Type.Union([Type.String(), Type.Null()]),
  }),
});

export const InvitationState = Type.Union([
  Type.Literal('unused'),
  Type.Literal('used'),
  Type.Literal('expired'),
  Type.Literal('revoked'),
]);
export type InvitationState = Static<typeof InvitationState>;

export const INVITATION_STATE_TITLES: Record<InvitationState, string> = {
  unused: '未使用',
  used: '已使用',
  expired: '已过期',
  revoked: '已作废',
};

export const AdminInvitation = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  inviteeName: Type.String(),
  inviteePhone: Type.String(),
  note: Type.String(),
  /** Last valid China calendar day, or null for no expiry. */
  expiresDay: Type.Union([Type.String(), Type.Null()]),
  state: InvitationState,
  stateTitle: Type.String(),
  createdAt: Type.String(),
  usedAt: Type.Union([Type.String(), Type.Null()]),
  /** The account that used it and its application. */
  usedByCaiHongID: Type.Union([Type.String(), Type.Null()]),
  applicationId: Type.Union([Type.Integer(), Type.Null()]),
  applicationNickName: Type.Union([Type.String(), Type.Null()]),
  applicationState: Type.Union([Type.String(), Type.Null()]),
});
export type AdminInvitation = Static<typeof AdminInvitation>;

export const issueInvitationCode = defineCall({
  name: 'Admin/IssueInvitationCode',
  path: apiPath('Admin', 'IssueInvitationCode'),
  auth: 'admin',
  tag: 'activities',
  summary: '后台：发放签约邀请码（可指定受邀人姓名、手机号与有效期）',
  request: Type.Object({
    inviteeName: Type.String({ maxLength: 40, default: '' }),
    inviteePhone: Type.String({ maxLength: 20, default: '' }),
    note: Type.String({ maxLength: 200, default: '' }),
    /** Last valid China calendar day; '' for no expiry. */
    expiresDay: Type.String({ maxLength: 10, default: '' }),
  }),
  response: AdminInvitation,
});

export const getInvitationCodeList = defineCall({
  name: 'Admin/GetInvitationCodeList',
  path: apiPath('Admin', 'GetInvitationCodeList'),
  auth: 'admin',
  tag: 'activities',
  summary: '后台：邀请码列表（新发放的在前），含使用人与其入驻申请',
  request: Type.Object({
    pageIndex: Type.Integer({ minimum: 1, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  }),
  response: Type.Object({ total: Type.Integer(), list: Type.Array(AdminInvitation) }),
});

export const revokeInvitationCode = defineCall({
  name: 'Admin/RevokeInvitationCode',
  path: apiPath('Admin', 'RevokeInvitationCode'),
  auth: 'admin',
  tag: 'activities',
  summary: '后台：作废一个未使用的邀请码',
  request: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
  response: AdminInvitation,
});
