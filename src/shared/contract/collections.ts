import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, WorkCard, pageOf } from './common';
import { apiPath, defineCall, sapiPath } from './define';
import { IpCard } from './ips';
import { ThemeCard } from './themes';

// A user's collections (with groups for works), follows and browse history. Only the owner sees them.

export const COLLECT_TARGETS = ['work', 'theme', 'demand', 'ip', 'template'] as const;
export type CollectTarget = (typeof COLLECT_TARGETS)[number];
/** Targets that can be collected today; templates open with the design tool. */
export const COLLECTABLE_NOW: readonly CollectTarget[] = ['work', 'theme', 'ip', 'demand'];

export const COLLECTION_GROUP_NAME_MAX = 20;
export const COLLECTION_GROUPS_MAX = 50;

const GroupName = Type.String({
  minLength: 1,
  maxLength: COLLECTION_GROUP_NAME_MAX,
  description: '分组名称，1–20 个字',
});
const GroupId = Type.Integer({ minimum: 1, description: '收藏分组 ID' });

export const CollectionGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  workCount: Type.Integer(),
  covers: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type CollectionGroup = Static<typeof CollectionGroup>;

export const getCollectionGroupList = defineCall({
  name: 'User/GetCollectionGroupList',
  path: apiPath('User', 'GetCollectionGroupList'),
  auth: 'required',
  tag: 'collections',
  summary: '我的收藏分组（分页，带封面），以及全部与未分组的作品数',
  request: Type.Object({ ...PageQuery }),
  response: Type.Object({
    list: Type.Array(CollectionGroup),
    total: Type.Integer(),
    allCount: Type.Integer(),
    ungroupedCount: Type.Integer(),
  }),
});

export const GroupBrief = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  workCount: Type.Integer(),
});
export type GroupBrief = Static<typeof GroupBrief>;

export const getAllCollectionGroup = defineCall({
  name: 'User/GetAllCollectionGroup',
  path: apiPath('User', 'GetAllCollectionGroup'),
  auth: 'required',
  tag: 'collections',
  summary: '我的全部收藏分组（收藏对话框用）',
  request: Type.Object({}),
  response: Type.Array(GroupBrief),
});

export const addOrEditCollectionGroup = defineCall({
  name: 'User/AddOrEditCollectionGroup',
  path: apiPath('User', 'AddOrEditCollectionGroup'),
  auth: 'required',
  tag: 'collections',
  summary: '新建（不带 id）或重命名收藏分组；名称在本人的分组中不能重复',
  request: Type.Object({ id: Type.Optional(GroupId), name: GroupName }),
  response: GroupBrief,
});

export const delCollectionGroup = defineCall({
  name: 'User/DelCollectionGroup',
  path: apiPath('User', 'DelCollectionGroup'),
  auth: 'required',
  tag: 'collections',
  summary: '删除收藏分组；其中的作品仍保留在“全部收藏”中（变为未分组）',
  request: Type.Object({ id: GroupId }),
  response: Type.Object({ id: Type.Integer(), movedWorks: Type.Integer() }),
});

export const addOrCancelCollection = defineCall({
  name: 'User/AddOrCancelCollection',
  path: apiPath('User', 'AddOrCancelCollection'),
  auth: 'required',
  tag: 'collections',
  summary: '收藏作品到分组（已收藏则移到该分组）或取消收藏',
  request: Type.Object({
    workId: Type.Integer({ minimum: 1 }),
    collect: Type.Boolean(),
    groupId: Type.Optional(Type.Union([GroupId, Type.Null()])),
  }),
  response: Type.Object({
    isCollected: Type.Boolean(),
    groupId: Type.Union([Type.Integer(), Type.Null()]),
    favouriteCount: Type.Integer(),
  }),
});

const TargetType = Type.Union(
  COLLECT_TARGETS.map((t) => Type.Literal(t)),
  { description: 'work 作品，theme 主题，demand 需求，ip IP，template 模板' },
);

export const addOrCancelCollect = defineCall({
  name: 'CollectionCenter/AddOrCancelCollect',
  path: sapiPath('tu-zp/api/CollectionCenter/AddOrCancelCollect'),
  auth: 'required',
  tag: 'collections',
  summary: '收藏或取消收藏主题、IP、作品（不分组）',
  request: Type.Object({
    targetType: TargetType,
    targetId: Type.Integer({ minimum: 1 }),
    collect: Type.Boolean(),
  }),
  response: Type.Object({ isCollected: Type.Boolean(), collectCount: Type.Integer() }),
});

export const collectCenter = defineCall({
  name: 'User/CollectCenter',
  path: apiPath('User', 'CollectCenter'),
  auth: 'required',
  tag: 'collections',
  summary: '收藏中心：各类收藏的数量',
  request: Type.Object({}),
  response: Type.Object({
    work: Type.Integer(),
    theme: Type.Integer(),
    demand: Type.Integer(),
    ip: Type.Integer(),
    template: Type.Integer(),
    groups: Type.Integer(),
  }),
});

export const CollectedWork = Type.Object({
  ...WorkCard.properties,
  groupId: Type.Union([Type.Integer(), Type.Null()]),
  collectedAt: Type.String(),
});
export type CollectedWork = Static<typeof CollectedWork>;

export const getMyCollectCreations = defineCall({
  name: 'Creation/GetMyCollectCreations',
  path: apiPath('Creation', 'GetMyCollectCreations'),
  auth: 'required',
  tag: 'collections',
  summary: '我收藏的作品（最近收藏在前）；groupId 只看一个分组，0 只看未分组',
  request: Type.Object({
    ...PageQuery,
    groupId: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  response: Type.Object({
    group: Type.Union([GroupBrief, Type.Null()]),
    list: Type.Array(CollectedWork),
    total: Type.Integer(),
  }),
});

export const getMyCollectTheme = defineCall({
  name: 'Theme/GetMyCollectTheme',
  path: apiPath('Theme', 'GetMyCollectTheme'),
  auth: 'required',
  tag: 'collections',
  summary: '我收藏的主题（最近收藏在前）',
  request: Type.Object({ ...PageQuery }),
  response: pageOf(ThemeCard),
});

export const getMyCollectIP = defineCall({
  name: 'IP/GetMyCollectIP',
  path: apiPath('IP', 'GetMyCollectIP'),
  auth: 'required',
  tag: 'collections',
  summary: '我收藏的 IP（最近收藏在前）',
  request: Type.Object({ ...PageQuery }),
  response: pageOf(IpCard),
});

export const FOLLOW_TARGETS = ['designer', 'hall'] as const;
export type FollowTarget = (typeof FOLLOW_TARGETS)[number];

export const FollowedItem = Type.Object({
  targetType: Type.Union(FOLLOW_TARGETS.map((t) => Type.Literal(t))),
  userId: Type.Integer(),
  name: Type.String(),
  headImg: Type.String(),
  intro: Type.String(),
  workCount: Type.Integer(),
  followerCount: Type.Integer(),
  covers: Type.Array(Type.String()),
  followedAt: Type.String(),
});
export type FollowedItem = Static<typeof FollowedItem>;

export const getMyFollow = defineCall({
  name: 'User/GetMyFollow',
  path: apiPath('User', 'GetMyFollow'),
  auth: 'required',
  tag: 'collections',
  summary: '我关注的设计师（designer）或企业展厅（hall），最近关注在前',
  request: Type.Object({
    ...PageQuery,
    targetType: Type.Union(
      FOLLOW_TARGETS.map((t) => Type.Literal(t)),
      { description: 'designer 设计师，hall 企业展厅' },
    ),
  }),
  response: Type.Object({
    list: Type.Array(FollowedItem),
    total: Type.Integer(),
    designerCount: Type.Integer(),
    hallCount: Type.Integer(),
  }),
});

export const TRACK_TARGETS = ['work', 'theme'] as const;
export type TrackTarget = (typeof TRACK_TARGETS)[number];
const TrackType = Type.Union(
  TRACK_TARGETS.map((t) => Type.Literal(t)),
  { description: 'work 作品足迹，theme 主题足迹' },
);

export const TrackItem = Type.Object({
  viewedAt: Type.String(),
  work: Type.Union([WorkCard, Type.Null()]),
  theme: Type.Union([ThemeCard, Type.Null()]),
});
export type TrackItem = Static<typeof TrackItem>;

/** Not named in the spec: the data of /user/mytrack (see docs/decisions.md). */
export const getMyTrack = defineCall({
  name: 'User/GetMyTrack',
  path: apiPath('User', 'GetMyTrack'),
  auth: 'required',
  tag: 'collections',
  summary: '我的浏览足迹（作品或主题），最近浏览在前',
  request: Type.Object({ ...PageQuery, targetType: TrackType }),
  response: Type.Object({ list: Type.Array(TrackItem), total: Type.Integer() }),
});

export const clearMyTrack = defineCall({
  name: 'User/ClearMyTrack',
  path: apiPath('User', 'ClearMyTrack'),
  auth: 'required',
  tag: 'collections',
  summary: '删除一条足迹（带 targetId）或清空一类足迹',
  request: Type.Object({
    targetType: TrackType,
    targetId: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  response: Type.Object({ removed: Type.Integer() }),
});
