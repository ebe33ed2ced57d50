import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall, sapiPath } from './define';

// Designers: the public profile of a designer or design company, their shop/gallery, and following it.

/** §3 settledInType 2 = gallery (图库), anything else = store (店铺). */
export const SETTLED_IN_GALLERY = 2;

/** A designer as the gallery page, the work detail's designer card and the designer list show them. */
export const DesignerProfile = Type.Object({
  userId: Type.Integer(),
  caiHongID: Type.String(),
  userName: Type.String(),
  headImg: Type.String(),
  intro: Type.String(),
  /** §3 settledInType: 2 gallery, else store. */
  settledInType: Type.Integer(),
  /** §3 orgFlag: 2 enterprise (design company), else personal. */
  orgFlag: Type.Integer(),
  /** §3 settleStatus: 1 settled. */
  settleStatus: Type.Integer(),
  workCount: Type.Integer(),
  followerCount: Type.Integer(),
  saleCount: Type.Integer(),
  /** Whether the signed-in caller follows this designer (false for guests). */
  isFollowed: Type.Boolean(),
  /** Whether the designer also has an enterprise hall (/enterprise/{userId}.html). */
  hasHall: Type.Boolean(),
});
export type DesignerProfile = Static<typeof DesignerProfile>;

export const DesignerCard = Type.Object({
  ...DesignerProfile.properties,
  /** Thumbnails of up to four of the designer's best-selling works. */
  covers: Type.Array(Type.String()),
});
export type DesignerCard = Static<typeof DesignerCard>;

const UserId = Type.Integer({ minimum: 1, description: '设计师用户 ID' });

export const getDesignerInfo = defineCall({
  name: 'Designer/GetDesignerInfo',
  path: apiPath('Designer', 'GetDesignerInfo'),
  auth: 'optional',
  tag: 'designers',
  summary: '设计师资料（图库/店铺主页的头部）；未知或未入驻的用户返回“设计师不存在”',
  request: Type.Object({ userId: UserId }),
  response: DesignerProfile,
});

export const getDesignerByCaihongId = defineCall({
  name: 'designer.getByCaihongId',
  path: sapiPath('designer/designerInfo/getByCaihongId'),
  auth: 'optional',
  tag: 'designers',
  summary: '按彩虹号查询设计师资料',
  request: Type.Object({
    caihongId: Type.String({ pattern: '^\\d{1,20}$', description: '彩虹号' }),
  }),
  response: DesignerProfile,
});

/** Not named in the spec: the list behind /tawDesigner (see docs/decisions.md). */
export const getDesignerList = defineCall({
  name: 'Designer/GetDesignerList',
  path: apiPath('Designer', 'GetDesignerList'),
  auth: 'optional',
  tag: 'designers',
  summary: '入驻设计师列表（/tawDesigner），可按图库/店铺筛选，按作品销量排序',
  request: Type.Object({
    ...PageQuery,
    settledInType: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(2)], { description: '2 图库，1 店铺' }),
    ),
  }),
  response: pageOf(DesignerCard),
});

export const ShopChannel = Type.Object({
  kid: Type.Integer(),
  title: Type.String(),
  workCount: Type.Integer(),
});

export const getChannelInfo = defineCall({
  name: 'Shop/GetChannelInfo',
  path: apiPath('Shop', 'GetChannelInfo'),
  tag: 'designers',
  summary: '设计师店铺的频道：按品类（一级）统计的已发布作品数',
  request: Type.Object({ userId: UserId }),
  response: Type.Object({ userId: Type.Integer(), channels: Type.Array(ShopChannel) }),
});

export const MyShopInfo = Type.Object({
  userId: Type.Integer(),
  shopName: Type.String(),
  /** §3 settleStatus and settledInType of the caller. */
  settleStatus: Type.Integer(),
  settledInType: Type.Integer(),
  shopType: Type.Union([Type.Literal('gallery'), Type.Literal('store')]),
  workCount: Type.Integer(),
  followerCount: Type.Integer(),
  saleCount: Type.Integer(),
  hasHall: Type.Boolean(),
});
export type MyShopInfo = Static<typeof MyShopInfo>;

/** §7 designer.GetMyShopInfo: flag, rs. */
export const getMyShopInfo = defineCall({
  name: 'designer.GetMyShopInfo',
  path: apiPath('Shop', 'GetMyShopInfo'),
  envelope: 'flag',
  auth: 'required',
  tag: 'designers',
  summary: '我的店铺概况（作品数、粉丝数、销量，是否有企业展厅）',
  request: Type.Object({}),
  response: MyShopInfo,
});

export const FollowResult = Type.Object({
  isFollowed: Type.Boolean(),
  followerCount: Type.Integer(),
});

export const followHall = defineCall({
  name: 'Shop/FollowHall',
  path: apiPath('Shop', 'FollowHall'),
  auth: 'required',
  tag: 'designers',
  summary: '关注或取消关注设计师的店铺/图库（follow: true 关注，false 取消）',
  request: Type.Object({ userId: UserId, follow: Type.Boolean() }),
  response: FollowResult,
});
