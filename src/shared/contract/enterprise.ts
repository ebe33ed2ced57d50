import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, WorkCard, pageOf } from './common';
import { apiPath, defineCall } from './define';
import { FollowResult } from './designers';
import { SortKey } from './works';

// Enterprise halls: a design company's showroom with channels and recommended works, edited by its owner.

const HallUserId = Type.Integer({ minimum: 1, description: '展厅所有者的用户 ID' });

export const HallQualification = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 30, description: '资质名称' }),
  number: Type.String({ minLength: 1, maxLength: 40, description: '证书编号' }),
});
export type HallQualification = Static<typeof HallQualification>;

export const HallChannel = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  workCount: Type.Integer(),
});
export type HallChannel = Static<typeof HallChannel>;

export const HallCard = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  intro: Type.String(),
  /** Wide banner: the hall's own, else the preview of its best work. */
  bannerUrl: Type.String(),
  headImg: Type.String(),
  /** e.g. 浙江 · 杭州 ('' when not set). */
  areaPath: Type.String(),
  workCount: Type.Integer(),
  followerCount: Type.Integer(),
  covers: Type.Array(Type.String()),
});
export type HallCard = Static<typeof HallCard>;

export const HallInfo = Type.Object({
  ...HallCard.properties,
  hallId: Type.Integer(),
  caiHongID: Type.String(),
  contact: Type.String(),
  areaId: Type.Union([Type.Integer(), Type.Null()]),
  qualifications: Type.Array(HallQualification),
  channels: Type.Array(HallChannel),
  isFollowed: Type.Boolean(),
  /** Whether the caller owns the hall (may open /enterprise/edit/…). */
  isOwner: Type.Boolean(),
  updatedAt: Type.String(),
});
export type HallInfo = Static<typeof HallInfo>;

/** Not named in the spec: the list behind /enterprise (see docs/decisions.md). */
export const getEnterpriseHallList = defineCall({
  name: 'Enterprise/GetEnterpriseHallList',
  path: apiPath('Enterprise', 'GetEnterpriseHallList'),
  tag: 'enterprise',
  summary: '企业展厅列表（分页），可按地区筛选',
  request: Type.Object({
    ...PageQuery,
    areaId: Type.Optional(Type.Integer({ minimum: 1, description: '地区（含下级）' })),
  }),
  response: pageOf(HallCard),
});

export const getEnterpriseHallBasicInfo = defineCall({
  name: 'Enterprise/GetEnterpriseHallBasicInfo',
  path: apiPath('Enterprise', 'GetEnterpriseHallBasicInfo'),
  auth: 'optional',
  tag: 'enterprise',
  summary: '企业展厅基本信息：简介、联系方式、资质、频道、关注状态',
  request: Type.Object({ userId: HallUserId }),
  response: HallInfo,
});

export const getEnterpriseHallDetail = defineCall({
  name: 'Enterprise/GetEnterpriseHallDetail',
  path: apiPath('Enterprise', 'GetEnterpriseHallDetail'),
  tag: 'enterprise',
  summary: '企业展厅首页内容：推荐作品与各频道的前几件作品',
  request: Type.Object({ userId: HallUserId }),
  response: Type.Object({
    recommended: Type.Array(WorkCard),
    channels: Type.Array(Type.Object({ ...HallChannel.properties, works: Type.Array(WorkCard) })),
  }),
});

export const getCreationsChannel = defineCall({
  name: 'Creation/GetCreationsChannel',
  path: apiPath('Creation', 'GetCreationsChannel'),
  tag: 'enterprise',
  summary: '企业展厅一个频道的作品（分页）',
  request: Type.Object({
    ...PageQuery,
    userId: HallUserId,
    channelId: Type.Integer({ minimum: 1, description: '频道 ID' }),
    sort: Type.Optional(SortKey),
  }),
  response: Type.Object({
    channel: HallChannel,
    list: Type.Array(WorkCard),
    total: Type.Integer(),
  }),
});

export const saveEnterpriseHallInfo = defineCall({
  name: 'Enterprise/SaveEnterpriseHallInfo',
  path: apiPath('Enterprise', 'SaveEnterpriseHallInfo'),
  auth: 'required',
  tag: 'enterprise',
  summary: '展厅所有者保存基本信息与频道（频道不带 id 为新建，缺少的频道被删除）',
  request: Type.Object({
    userId: HallUserId,
    name: Type.String({ minLength: 2, maxLength: 30, description: '展厅名称' }),
    intro: Type.String({ maxLength: 500, description: '简介' }),
    contact: Type.String({ maxLength: 60, description: '联系方式' }),
    areaId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: '所在地区' }),
    channels: Type.Array(
      Type.Object({
        id: Type.Optional(Type.Integer({ minimum: 1 })),
        title: Type.String({ minLength: 1, maxLength: 12, description: '频道名称' }),
      }),
      { maxItems: 8, description: '频道，最多 8 个' },
    ),
  }),
  response: HallInfo,
});

export const saveQualifyInfo = defineCall({
  name: 'Enterprise/SaveQualifyInfo',
  path: apiPath('Enterprise', 'SaveQualifyInfo'),
  auth: 'required',
  tag: 'enterprise',
  summary: '展厅所有者保存资质信息（最多 10 项）',
  request: Type.Object({
    userId: HallUserId,
    qualifications: Type.Array(HallQualification, { maxItems: 10 }),
  }),
  response: HallInfo,
});

export const followEnterpriseHall = defineCall({
  name: 'Enterprise/FollowEnterpriseHall',
  path: apiPath('Enterprise', 'FollowEnterpriseHall'),
  auth: 'required',
  tag: 'enterprise',
  summary: '关注或取消关注企业展厅',
  request: Type.Object({ userId: HallUserId, follow: Type.Boolean() }),
  response: FollowResult,
});

/** Recommended works shown at the top of a hall, and the works of one channel. */
export const HALL_RECOMMEND_MAX = 24;

export const saveRecommendCreationInfo = defineCall({
  name: 'Enterprise/SaveRecommendCreationInfo',
  path: apiPath('Enterprise', 'SaveRecommendCreationInfo'),
  auth: 'required',
  tag: 'enterprise',
  summary: '展厅所有者设置推荐作品（不带 channelId）或某频道的作品（带 channelId），整体替换',
  request: Type.Object({
    userId: HallUserId,
    channelId: Type.Optional(Type.Integer({ minimum: 1 })),
    workIds: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: HALL_RECOMMEND_MAX,
      uniqueItems: true,
    }),
  }),
  response: Type.Object({ count: Type.Integer() }),
});

export const ConditionWork = Type.Object({ ...WorkCard.properties, selected: Type.Boolean() });
export type ConditionWork = Static<typeof ConditionWork>;

export const getCreationConditionInfo = defineCall({
  name: 'Enterprise/GetCreationConditionInfo',
  path: apiPath('Enterprise', 'GetCreationConditionInfo'),
  auth: 'required',
  tag: 'enterprise',
  summary: '展厅所有者挑选作品：自己的已发布作品，标出已推荐（或已在该频道）的',
  request: Type.Object({
    ...PageQuery,
    userId: HallUserId,
    channelId: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  response: Type.Object({
    list: Type.Array(ConditionWork),
    total: Type.Integer(),
    selectedIds: Type.Array(Type.Integer()),
  }),
});
