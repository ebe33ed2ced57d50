import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { WorkCard } from './common';
import { apiPath, defineCall } from './define';

// 我的展厅 (docs/showrooms.md): a user's curated halls of published works, shown to customers and
// colleagues. The owner invites collaborators (可编辑 / 只读), shares a read-only link (optional
// 4-digit 访问码, an expiry), and locks the hall against edits.

/** Longest hall name and description, in characters. */
export const SHOWROOM_NAME_MAX = 30;
export const SHOWROOM_DESCRIPTION_MAX = 200;
/** Halls one user may own, and works one hall may hold. */
export const SHOWROOMS_PER_USER = 20;
export const WORKS_PER_SHOWROOM = 500;
/** Works compared side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** Share link lifetimes offered, in days; 0 is 永久. */
export const SHARE_DAYS = [7, 30, 0] as const;
/** Background colours a hall may take (its page and the 3D room's walls). */
export const SHOWROOM_BACKGROUNDS = [
  '#f5f5f0',
  '#ffffff',
  '#e8eef5',
  '#f3ebe1',
  '#2b2b2b',
] as const;

export const ShowroomRole = Type.Union([
  Type.Literal('owner'),
  Type.Literal('editor'),
  Type.Literal('viewer'),
]);
export type ShowroomRole = Static<typeof ShowroomRole>;
export const MemberRole = Type.Union([Type.Literal('editor'), Type.Literal('viewer')]);
export type MemberRole = Static<typeof MemberRole>;
/** private 私密: members only; link 凭链接访问: share links work too. */
export const Visibility = Type.Union([Type.Literal('private'), Type.Literal('link')]);
export type Visibility = Static<typeof Visibility>;

const ShowRoomId = Type.Integer({ minimum: 1, description: '展厅 id' });
const RequestId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' });
const WorkIds = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: WORKS_PER_SHOWROOM });
const Background = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', maxLength: 7 });

export const ShowroomSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  coverUrl: Type.String(),
  /** Published works in the hall. */
  workCount: Type.Integer(),
  /** Accepted collaborators (the owner not counted). */
  memberCount: Type.Integer(),
  locked: Type.Boolean(),
  updatedAt: Type.String(),
  ownerName: Type.String(),
  /** The caller's role in the hall. */
  role: ShowroomRole,
  visibility: Visibility,
  background: Type.String(),
});
export type ShowroomSummary = Static<typeof ShowroomSummary>;

export const getMyShowRooms = defineCall({
  name: 'ShowRoom/GetMyShowRooms',
  path: apiPath('ShowRoom', 'GetMyShowRooms'),
  auth: 'required',
  tag: 'showrooms',
  summary: '我的展厅：我创建的展厅与别人邀请我加入（已接受）的展厅',
  request: Type.Object({}),
  response: Type.Object({
    mine: Type.Array(ShowroomSummary),
    shared: Type.Array(ShowroomSummary),
    /** How many more halls the caller may create. */
    remaining: Type.Integer(),
  }),
});

export const addShowRoom = defineCall({
  name: 'ShowRoom/AddShowRoom',
  path: apiPath('ShowRoom', 'AddShowRoom'),
  auth: 'required',
  tag: 'showrooms',
  summary: '创建展厅（名称、简介、首批作品与封面）；同一 requestId 只创建一次',
  request: Type.Object({
    /** The form's key: a double click or a retry creates one hall. */
    requestId: RequestId,
    name: Type.String({ maxLength: SHOWROOM_NAME_MAX * 2 }),
    description: Type.String({ maxLength: SHOWROOM_DESCRIPTION_MAX * 2, default: '' }),
    workIds: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: WORKS_PER_SHOWROOM,
      default: [],
    }),
    /** One of workIds; the first work when absent. */
    coverWorkId: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  response: Type.Object({ showRoomId: Type.Integer() }),
});

export const ShowroomMember = Type.Object({
  userId: Type.Integer(),
  caiHongID: Type.String(),
  userName: Type.String(),
  role: MemberRole,
  /** pending: invited, not yet accepted. */
  status: Type.Union([Type.Literal('pending'), Type.Literal('accepted')]),
  invitedAt: Type.String(),
});
export type ShowroomMember = Static<typeof ShowroomMember>;

export const ShowroomDetail = Type.Object({
  ...ShowroomSummary.properties,
  coverWorkId: Type.Union([Type.Integer(), Type.Null()]),
  /** The works in the hall's order. */
  works: Type.Array(WorkCard),
  /** The owner sees every member; others see the accepted ones. */
  members: Type.Array(ShowroomMember),
  canEdit: Type.Boolean(),
  lockedBy: Type.String(),
  lockedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ShowroomDetail = Static<typeof ShowroomDetail>;

export const getShowRoom = defineCall({
  name: 'ShowRoom/GetShowRoom',
  path: apiPath('ShowRoom', 'GetShowRoom'),
  auth: 'required',
  tag: 'showrooms',
  summary: '展厅详情：作品（按展厅顺序）、成员、锁定状态与我的权限',
  request: Type.Object({ showRoomId: ShowRoomId }),
  response: ShowroomDetail,
});

export const CandidateSource = Type.Union([
  Type.Literal('collected'),
  Type.Literal('licensed'),
  Type.Literal('mine'),
]);
export type CandidateSource = Static<typeof CandidateSource>;

export const getCandidateWorks = defineCall({
  name: 'ShowRoom/GetCandidateWorks',
  path: apiPath('ShowRoom', 'GetCandidateWorks'),
  auth: 'required',
  tag: 'showrooms',
  summary: '可加入展厅的作品：我的收藏、我已授权的作品、我的作品（均为已发布）',
  request: Type.Object({
    source: CandidateSource,
    pageIndex: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 60, default: 24 }),
  }),
  response: Type.Object({ list: Type.Array(WorkCard), total: Type.Integer() }),
});

export const addShowRoomWorks = defineCall({
  name: 'ShowRoom/AddWorks',
  path: apiPath('ShowRoom', 'AddWorks'),
  auth: 'required',
  tag: 'showrooms',
  summary: '向展厅加入作品（已在展厅中的作品不重复加入）',
  request: Type.Object({ showRoomId: ShowRoomId, workIds: WorkIds }),
  response: Type.Object({ added: Type.Integer(), workCount: Type.Integer() }),
});

export const removeShowRoomWork = defineCall({
  name: 'ShowRoom/RemoveWork',
  path: apiPath('ShowRoom', 'RemoveWork'),
  auth: 'required',
  tag: 'showrooms',
  summary: '从展厅移除一件作品',
  request: Type.Object({ showRoomId: ShowRoomId, workId: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({ workCount: Type.Integer() }),
});

export const sortShowRoomWorks = defineCall({
  name: 'ShowRoom/SortWorks',
  path: apiPath('ShowRoom', 'SortWorks'),
  auth: 'required',
  tag: 'showrooms',
  summary: '调整展厅作品顺序：给出展厅全部作品的新顺序',
  request: Type.Object({ showRoomId: ShowRoomId, workIds: WorkIds }),
  response: Type.Object({}),
});

export const updateShowRoomSetting = defineCall({
  name: 'ShowRoom/UpdateSetting',
  path: apiPath('ShowRoom', 'UpdateSetting'),
  auth: 'required',
  tag: 'showrooms',
  summary: '展厅设置：名称、简介、背景色、封面；可见范围（私密 / 凭链接访问）仅创建者可改',
  request: Type.Object({
    showRoomId: ShowRoomId,
    name: Type.String({ maxLength: SHOWROOM_NAME_MAX * 2 }),
    description: Type.String({ maxLength: SHOWROOM_DESCRIPTION_MAX * 2 }),
    background: Background,
    visibility: Visibility,
    coverWorkId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  }),
  response: Type.Object({}),
});

export const deleteShowRooms = defineCall({
  name: 'ShowRoom/DeleteShowRooms',
  path: apiPath('ShowRoom', 'DeleteShowRooms'),
  auth: 'required',
  tag: 'showrooms',
  summary: '删除展厅（仅创建者；锁定的展厅需先解锁）',
  request: Type.Object({
    showRoomIds: Type.Array(ShowRoomId, { minItems: 1, maxItems: SHOWROOMS_PER_USER }),
  }),
  response: Type.Object({ deleted: Type.Integer() }),
});

export const ShareLink = Type.Object({
  id: Type.Integer(),
  hasCode: Type.Boolean(),
  /** null: 永久. */
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** active | expired | revoked */
  state: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
});
export type ShareLink = Static<typeof ShareLink>;

export const getShowRoomShares = defineCall({
  name: 'ShowRoom/GetShares',
  path: apiPath('ShowRoom', 'GetShares'),
  auth: 'required',
  tag: 'showrooms',
  summary: '展厅的分享链接（仅创建者）',
  request: Type.Object({ showRoomId: ShowRoomId }),
  response: Type.Array(ShareLink),
});

export const createShowRoomShare = defineCall({
  name: 'ShowRoom/CreateShare',
  path: apiPath('ShowRoom', 'CreateShare'),
  auth: 'required',
  tag: 'showrooms',
  summary: '生成分享链接：可选 4 位访问码，有效期 7 天 / 30 天 / 永久；链接只在此时显示一次',
  request: Type.Object({
    showRoomId: ShowRoomId,
    /** '' for none, else four digits. */
    code: Type.String({ maxLength: 8, default: '' }),
    /** 7, 30 or 0 (永久). */
    days: Type.Integer({ minimum: 0, maximum: 30 }),
  }),
  response: Type.Object({ share: ShareLink, token: Type.String() }),
});

export const revokeShowRoomShare = defineCall({
  name: 'ShowRoom/RevokeShare',
  path: apiPath('ShowRoom', 'RevokeShare'),
  auth: 'required',
  tag: 'showrooms',
  summary: '撤销分享链接，立即失效',
  request: Type.Object({ shareId: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({}),
});

export const SharedShowroom = Type.Object({
  name: Type.String(),
  description: Type.String(),
  ownerName: Type.String(),
  background: Type.String(),
  coverUrl: Type.String(),
  works: Type.Array(WorkCard),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});
export type SharedShowroom = Static<typeof SharedShowroom>;

export const viewSharedShowRoom = defineCall({
  name: 'ShowRoom/ViewShared',
  path: apiPath('ShowRoom', 'ViewShared'),
  auth: 'public',
  tag: 'showrooms',
  summary: '凭分享链接只读查看展厅；有访问码的链接需先输入访问码（错误过多暂时锁定）',
  request: Type.Object({
    token: Type.String({ minLength: 1, maxLength: 100 }),
    code: Type.String({ maxLength: 8, default: '' }),
  }),
  response: Type.Object({
    /** True when the link has a 访问码 and none was sent: hall is then absent. */
    needCode: Type.Boolean(),
    hall: Type.Optional(SharedShowroom),
  }),
});

export const inviteShowRoomMember = defineCall({
  name: 'ShowRoom/InviteMember',
  path: apiPath('ShowRoom', 'InviteMember'),
  auth: 'required',
  tag: 'showrooms',
  summary: '按彩虹号邀请协作者（可编辑 / 只读）；已邀请的成员改为新的权限',
  request: Type.Object({
    showRoomId: ShowRoomId,
    caiHongID: Type.String({ minLength: 1, maxLength: 32 }),
    role: MemberRole,
  }),
  response: ShowroomMember,
});

export const removeShowRoomMember = defineCall({
  name: 'ShowRoom/RemoveMember',
  path: apiPath('ShowRoom', 'RemoveMember'),
  auth: 'required',
  tag: 'showrooms',
  summary: '移除协作者，立即生效',
  request: Type.Object({ showRoomId: ShowRoomId, userId: Type.Integer({ minimum: 1 }) }),
  response: Type.Object({}),
});

export const Cooperation = Type.Object({
  hall: ShowroomSummary,
  status: Type.Union([Type.Literal('pending'), Type.Literal('accepted')]),
  invitedAt: Type.String(),
});
export type Cooperation = Static<typeof Cooperation>;

export const getCooperation = defineCall({
  name: 'ShowRoom/GetCooperation',
  path: apiPath('ShowRoom', 'GetCooperation'),
  auth: 'required',
  tag: 'showrooms',
  summary: '协作展厅：别人邀请我的展厅（待接受与已加入）',
  request: Type.Object({}),
  response: Type.Array(Cooperation),
});

export const acceptShowRoomInvite = defineCall({
  name: 'ShowRoom/AcceptInvite',
  path: apiPath('ShowRoom', 'AcceptInvite'),
  auth: 'required',
  tag: 'showrooms',
  summary: '接受展厅协作邀请',
  request: Type.Object({ showRoomId: ShowRoomId }),
  response: Type.Object({}),
});

export const leaveShowRoom = defineCall({
  name: 'ShowRoom/Leave',
  path: apiPath('ShowRoom', 'Leave'),
  auth: 'required',
  tag: 'showrooms',
  summary: '拒绝邀请或退出协作展厅',
  request: Type.Object({ showRoomId: ShowRoomId }),
  response: Type.Object({}),
});

export const lockShowRoom = defineCall({
  name: 'ShowRoom/Lock',
  path: apiPath('ShowRoom', 'Lock'),
  auth: 'required',
  tag: 'showrooms',
  summary: '锁定展厅（仅创建者）：锁定期间任何人都不能修改',
  request: Type.Object({ showRoomId: ShowRoomId }),
  response: Type.Object({}),
});

export const unlockShowRoom = defineCall({
  name: 'ShowRoom/Unlock',
  path: apiPath('ShowRoom', 'Unlock'),
  auth: 'required',
  tag: 'showrooms',
  summary: '解除展厅锁定（仅创建者）',
  request: Type.Object({ showRoomId: ShowRoomId }),
  response: Type.Object({}),
});

export const LockEvent = Type.Object({
  action: Type.Union([Type.Literal('lock'), Type.Literal('unlock')]),
  userName: Type.String(),
  at: Type.String(),
});
export type LockEvent = Static<typeof LockEvent>;

export const getLockHistory = defineCall({
  name: 'ShowRoom/GetLockHistory',
  path: apiPath('ShowRoom', 'GetLockHistory'),
  auth: 'required',
  tag: 'showrooms',
  summary: '展厅的锁定与解锁记录（谁、何时），新的在前',
  request: Type.Object({ showRoomId: ShowRoomId }),
  response: Type.Array(LockEvent),
});
