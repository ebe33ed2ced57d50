import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { apiPath, defineCall, sapiPath } from './define';
import { BankTransferDetails } from './orders';

// Membership and the wallet (spec §1, §3 member package, §7 saas/designer/member/iyw-wallet/Finance
// calls, §9 tiers and durations). Prices are computed on the server: tier × years, integer fen.

/** §9 member tiers, yearly price in yuan. */
export const MEMBER_TIERS = [15800, 9800] as const;
/** §9 durations in years. */
export const MEMBER_YEARS = [1, 2, 3] as const;
/** §7 GetMemberQRCode payMethod: WeChat 2, Alipay 1, the third value 4 (bank transfer). */
export const MEMBER_PAY_METHOD = { wechat: 2, alipay: 1, bank: 4 } as const;

export const PackageAuth = Type.Object({
  authorityId: Type.Integer(),
  code: Type.String(),
  title: Type.String(),
  count: Type.Integer(),
  unitName: Type.String(),
  /** per_year: count × years; fixed: once. */
  computeMode: Type.String(),
});

/** §3 Member package. */
export const MemberPackage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The tier, yuan per year (15800 or 9800). */
  price: Type.Integer(),
  description: Type.String(),
  authList: Type.Array(PackageAuth),
});
export type MemberPackage = Static<typeof MemberPackage>;

export const getMemberPackageConfig = defineCall({
  name: 'saas.GetMemberPackageConfig',
  path: sapiPath('tu-od/api/Member/GetMemberPackageConfig'),
  tag: 'membership',
  summary: '会员套餐配置：按档位（15800、9800）列出各档的方案；无方案时提示“暂无套餐数据！”',
  request: Type.Object({}),
  response: Type.Record(
    Type.String(),
    Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  ),
});

export const getShowMemberPackageList = defineCall({
  name: 'saas.GetShowMemberPackageList',
  path: sapiPath('member/Package/GetShowMemberPackageList'),
  tag: 'membership',
  summary: '展示中的会员套餐（type 3、source 1），按价格从高到低',
  request: Type.Object({
    type: Type.Integer({ minimum: 0, maximum: 99, default: 3 }),
    source: Type.Integer({ minimum: 0, maximum: 99, default: 1 }),
  }),
  response: Type.Array(MemberPackage),
});

export const MemberPayOrder = Type.Object({
  qrCode: Type.String({ description: '二维码内容（银行转账时为空）' }),
  payOrderNo: Type.String(),
  orderNo: Type.String(),
  amountFen: Type.Integer(),
  years: Type.Integer(),
  expiresAt: Type.String(),
  channel: Type.String(),
  bank: BankTransferDetails,
});
export type MemberPayOrder = Static<typeof MemberPayOrder>;

export const getMemberQrCode = defineCall({
  name: 'designer.GetMemberQRCode',
  path: sapiPath('iyw-wallet/api/Pay/GetMemberQRCode'),
  auth: 'required',
  tag: 'membership',
  summary:
    '开通或续费会员：套餐 typeId、支付方式（微信 2、支付宝 1、银行转账 4）、年数 amount；服务端计价',
  request: Type.Object({
    typeId: Type.Integer({ minimum: 1, description: '套餐 ID' }),
    payMethod: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)]),
    device: Type.Integer({ minimum: 1, maximum: 9, default: 1 }),
    amount: Type.Integer({ minimum: 1, maximum: 3, description: '年数' }),
  }),
  response: MemberPayOrder,
});

export const payPcOrderQuery = defineCall({
  name: 'designer.PayPCOrderQuery',
  path: sapiPath('iyw-wallet/api/Pay/PayPCOrderQuery'),
  auth: 'required',
  tag: 'membership',
  summary: '会员支付结果：code 1 表示已支付（页面每 3 秒查询）；未支付时 code 0',
  request: Type.Object({ payOrderNo: Type.String({ pattern: '^[A-Z0-9]{8,40}$' }) }),
  response: Type.Object({
    payOrderNo: Type.String(),
    vipEndTime: Type.Integer({ description: '新的会员到期时间（毫秒）' }),
  }),
});

export const AuthItemSchema = Type.Object({
  authCode: Type.String(),
  authTitle: Type.String(),
  authValue: Type.Integer(),
  unit: Type.String(),
  remainValue: Type.Integer(),
  endTime: Type.Integer(),
});

export const getAuthList = defineCall({
  name: 'member.GetAuthList',
  path: sapiPath('member/api/v2/MemberAuth/GetAuthList'),
  auth: 'required',
  tag: 'membership',
  summary: '我的会员权益（T13 不在列表中显示）',
  request: Type.Object({}),
  response: Type.Array(AuthItemSchema),
});

export const getExpiryRemain = defineCall({
  name: 'member.GetExpiryRemain',
  path: sapiPath('member/api/v2/MemberAuth/GetExpiryRemain'),
  auth: 'required',
  tag: 'membership',
  summary: '某项权益的剩余次数与到期时间',
  request: Type.Object({ authCode: Type.String({ pattern: '^[A-Z][0-9]{1,3}$' }) }),
  response: AuthItemSchema,
});

export const getUserImgSpaceInfo = defineCall({
  name: 'User/GetUserImgSpaceInfo',
  path: apiPath('User', 'GetUserImgSpaceInfo'),
  auth: 'required',
  tag: 'membership',
  summary: '图片空间（T2 额度）：总量、已用、剩余',
  request: Type.Object({}),
  response: Type.Object({ total: Type.Integer(), used: Type.Integer(), remain: Type.Integer() }),
});

export const RECHARGE_OPTIONS_YUAN = [100, 500, 1000, 3000, 5000, 10000] as const;

export const getRechargeOrderOptionList = defineCall({
  name: 'Finance/GetRechargeOrderOptionList',
  path: apiPath('Finance', 'GetRechargeOrderOptionList'),
  tag: 'membership',
  summary: '充值金额选项（元）',
  request: Type.Object({}),
  response: Type.Array(Type.Object({ amountFen: Type.Integer(), title: Type.String() })),
});

export const getUserBalance = defineCall({
  name: 'UserBalance/GetUserBalance',
  path: sapiPath('iyw-wallet/api/UserBalance/GetUserBalance'),
  auth: 'required',
  tag: 'membership',
  summary: '账户余额（分）',
  request: Type.Object({}),
  response: Type.Object({ balanceFen: Type.Integer() }),
});

export const BalanceLine = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  /** Positive: money in; negative: money out. */
  amountFen: Type.Integer(),
  orderNo: Type.String(),
  createdAt: Type.String(),
});

export const getUserBalanceInfo = defineCall({
  name: 'Finance/GetUserBalanceInfo',
  path: apiPath('Finance', 'GetUserBalanceInfo'),
  auth: 'required',
  tag: 'membership',
  summary: '余额与流水（每一条账本记录）',
  request: Type.Object({
    pageIndex: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 60, default: 20 }),
  }),
  response: Type.Object({
    balanceFen: Type.Integer(),
    list: Type.Array(BalanceLine),
    total: Type.Integer(),
  }),
});

export const orderMemberReturnQrCode = defineCall({
  name: 'Finance/OrderMemberReturnQRCode',
  path: apiPath('Finance', 'OrderMemberReturnQRCode'),
  auth: 'required',
  tag: 'membership',
  summary: '充值下单并生成支付二维码（1 微信 2 支付宝 3 银行转账）',
  request: Type.Object({
    amountFen: Type.Integer({ minimum: 100, maximum: 10_000_000, description: '充值金额（分）' }),
    payMethod: Type.Integer({ minimum: 1, maximum: 3 }),
  }),
  response: MemberPayOrder,
});

/** An add-on quota pack (加量包): more units of one authority item, for members only. */
export const DosingPackage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  authCode: Type.String(),
  authTitle: Type.String(),
  count: Type.Integer(),
  unitName: Type.String(),
  /** Price in fen. */
  priceFen: Type.Integer(),
  description: Type.String(),
});
export type DosingPackage = Static<typeof DosingPackage>;

export const getDosingPackageList = defineCall({
  name: 'member.GetDosingPackageList',
  path: sapiPath('member/api/v2/Package/GetDosingPackageList'),
  tag: 'membership',
  summary: '加量包：在会员期内追加某项权益的次数（仅会员可购买），按排序列出在售的包',
  request: Type.Object({}),
  response: Type.Array(DosingPackage),
});

export const getDosingQrCode = defineCall({
  name: 'member.GetDosingQRCode',
  path: sapiPath('member/api/v2/Package/GetDosingQRCode'),
  auth: 'required',
  tag: 'membership',
  summary:
    '购买加量包：支付方式同开通会员（微信 2、支付宝 1、银行转账 4）；仅会员期内可买，额度到期时间同会员',
  request: Type.Object({
    dosingId: Type.Integer({ minimum: 1, description: '加量包 ID' }),
    payMethod: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)]),
    device: Type.Integer({ minimum: 1, maximum: 9, default: 1 }),
  }),
  response: MemberPayOrder,
});

export const payMemberByBalance = defineCall({
  name: 'Pay/PayMemberByBalance',
  path: sapiPath('iyw-wallet/api/Pay/PayMemberByBalance'),
  auth: 'required',
  tag: 'membership',
  summary:
    '余额支付：开通或续费会员（membership：套餐 id、年数 amount，服务端按档位 × 年数计价）或购买加量包（dosing：加量包 id）；余额不足时拒绝且不做任何改动。同一 requestKey 重复提交只扣一次款，返回第一次的结果',
  request: Type.Object({
    kind: Type.Union([Type.Literal('membership'), Type.Literal('dosing')]),
    id: Type.Integer({ minimum: 1, description: '套餐 ID 或加量包 ID' }),
    amount: Type.Integer({ minimum: 1, maximum: 3, default: 1, description: '年数（仅会员）' }),
    requestKey: Type.String({
      pattern: '^[A-Za-z0-9_-]{16,64}$',
      description: '一次购买一个键（客户端生成）：双击或重试使用同一个键',
    }),
  }),
  response: Type.Object({
    payOrderNo: Type.String(),
    orderNo: Type.String(),
    amountFen: Type.Integer(),
    /** The membership's end after this payment (ms); 0 for a pack. */
    vipEndTime: Type.Integer(),
    /** The balance left (fen). */
    balanceFen: Type.Integer(),
  }),
});

/** What the back office may set (checked by the desk and again by the server). */
export const PACKAGE_LIMITS = {
  titleMax: 30,
  descriptionMax: 200,
  authCountMax: 100_000,
  dosingCountMax: 100_000,
  dosingPriceMaxYuan: 100_000,
} as const;

/** A package as the back office sees it (enabled or not). */
export const AdminMemberPackage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The tier, yuan per year (15800 or 9800). */
  price: Type.Integer(),
  description: Type.String(),
  enabled: Type.Boolean(),
  sort: Type.Integer(),
  authList: Type.Array(PackageAuth),
});
export type AdminMemberPackage = Static<typeof AdminMemberPackage>;

export const AdminDosingPackage = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  authCode: Type.String(),
  authTitle: Type.String(),
  count: Type.Integer(),
  unitName: Type.String(),
  priceFen: Type.Integer(),
  description: Type.String(),
  enabled: Type.Boolean(),
  sort: Type.Integer(),
});
export type AdminDosingPackage = Static<typeof AdminDosingPackage>;

export const getPackageDesk = defineCall({
  name: 'Admin/GetMemberPackages',
  path: apiPath('Admin', 'GetMemberPackages'),
  auth: 'admin',
  tag: 'membership',
  summary: '会员套餐（后台）：全部套餐（含已停用）及其权益项，全部加量包',
  request: Type.Object({}),
  response: Type.Object({
    packages: Type.Array(AdminMemberPackage),
    packs: Type.Array(AdminDosingPackage),
  }),
});

export const saveMemberPackage = defineCall({
  name: 'Admin/SaveMemberPackage',
  path: apiPath('Admin', 'SaveMemberPackage'),
  auth: 'admin',
  tag: 'membership',
  summary:
    '修改会员套餐：名称、档位价格（15800 或 9800 元/年）、说明、各权益项数量；已开通的会员权益不受影响',
  request: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    title: Type.String({ maxLength: 200 }),
    price: Type.Integer({ minimum: 0, maximum: 10_000_000, description: '元/年' }),
    description: Type.String({ maxLength: 2000 }),
    auths: Type.Array(
      Type.Object({
        authorityId: Type.Integer({ minimum: 1 }),
        count: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
      }),
      { maxItems: 100 },
    ),
  }),
  response: AdminMemberPackage,
});

export const saveDosingPackage = defineCall({
  name: 'Admin/SaveDosingPackage',
  path: apiPath('Admin', 'SaveDosingPackage'),
  auth: 'admin',
  tag: 'membership',
  summary: '修改加量包：名称、价格（分）、数量、说明；已购买的额度不受影响',
  request: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    title: Type.String({ maxLength: 200 }),
    priceFen: Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 }),
    count: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
    description: Type.String({ maxLength: 2000 }),
  }),
  response: AdminDosingPackage,
});

export const setPackageEnabled = defineCall({
  name: 'Admin/SetMemberPackageEnabled',
  path: apiPath('Admin', 'SetMemberPackageEnabled'),
  auth: 'admin',
  tag: 'membership',
  summary: '启用或停用会员套餐（package）或加量包（dosing）；停用后不再展示、不能购买',
  request: Type.Object({
    kind: Type.Union([Type.Literal('package'), Type.Literal('dosing')]),
    id: Type.Integer({ minimum: 1 }),
    enabled: Type.Boolean(),
  }),
  response: Type.Object({ id: Type.Integer(), enabled: Type.Boolean() }),
});
