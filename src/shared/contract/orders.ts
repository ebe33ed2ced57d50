import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { LICENCE_TERMS, MAX_ORDER_CATEGORIES, MAX_ORDER_KEYWORDS } from '../rules/order-price';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall, sapiPath } from './define';

// Licence orders (spec §1, §2 /materialOrder, /purchaseOrder, /user/myorder; §3 pay order; §7 Order,
// Empower, Finance, Contract, Copyright calls). Amounts are integer fen, computed on the server.

/** The order states, and the tabs of /user/myorder that show them. */
export const ORDER_STATE_TITLES = {
  pending: '待支付',
  paid: '已支付',
  authorised: '已授权',
  cancelled: '已取消',
  refunded: '已退款',
} as const;
export type OrderState = keyof typeof ORDER_STATE_TITLES;
export const OrderStateSchema = Type.Union(
  (Object.keys(ORDER_STATE_TITLES) as OrderState[]).map((s) => Type.Literal(s)),
);

/** /user/myorder/{activeIndex}: 0 all, then one tab per state. */
export const MY_ORDER_TABS = [
  { title: '全部订单', state: null },
  { title: '待支付', state: 'pending' },
  { title: '已支付', state: 'paid' },
  { title: '已授权', state: 'authorised' },
  { title: '已取消', state: 'cancelled' },
  { title: '已退款', state: 'refunded' },
] as const satisfies readonly { title: string; state: OrderState | null }[];

/** §4 pay methods: 1 WeChat, 2 Alipay, 3 bank transfer; 4 balance; 5 a member's quota. */
export const PAY_METHOD = { wechat: 1, alipay: 2, bank: 3, balance: 4, quota: 5 } as const;
export const PAY_METHOD_TITLES: Record<number, string> = {
  1: '微信支付',
  2: '支付宝',
  3: '银行转账',
  4: '余额支付',
  5: '会员额度',
};
/** The member authority a source-material licence is taken from: 素材授权, one unit per year. */
export const MATERIAL_QUOTA_CODE = 'S1';
/** How each payment channel is named to the buyer (sandbox: the stand-in for WeChat/Alipay). */
export const PAY_CHANNEL_TITLES: Record<string, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  bank: '银行转账',
  balance: '余额支付',
  quota: '会员额度',
  sandbox: '沙箱支付',
};

const OrderNo = Type.String({ pattern: '^[A-Z0-9]{8,32}$', description: '订单号' });
const PayOrderNo = Type.String({ pattern: '^[A-Z0-9]{8,40}$', description: '支付单号' });
const CreationId = Type.Integer({ minimum: 1, description: '作品 ID' });

/** A category of use a licence can cover. */
export const EmpowerCategory = Type.Object({
  kid: Type.Integer(),
  title: Type.String(),
  /** For an exclusive licence: another buyer holds this category's exclusivity now. */
  taken: Type.Boolean(),
  /** Until when it is taken (YYYY-MM-DD), or ''. */
  takenUntil: Type.String(),
});
export type EmpowerCategory = Static<typeof EmpowerCategory>;

export const EmpowerOption = Type.Object({
  licenceId: Type.Integer(),
  kind: Type.String(),
  title: Type.String(),
  /** Per year (and per category for an exclusive licence). */
  priceFen: Type.Integer(),
  scope: Type.String(),
});
export type EmpowerOption = Static<typeof EmpowerOption>;

export const EmpowerInfo = Type.Object({
  creationId: Type.Integer(),
  title: Type.String(),
  thumbUrl: Type.String(),
  designerName: Type.String(),
  /** 'purchase' → /purchaseOrder; 'material' → /materialOrder. */
  orderType: Type.Union([Type.Literal('purchase'), Type.Literal('material')]),
  options: Type.Array(EmpowerOption),
  categories: Type.Array(EmpowerCategory),
  /** Whether the work can be bought now (published). */
  onSale: Type.Boolean(),
});
export type EmpowerInfo = Static<typeof EmpowerInfo>;

export const OrderSummary = Type.Object({
  orderNo: Type.String(),
  state: OrderStateSchema,
  stateTitle: Type.String(),
  creationId: Type.Integer(),
  title: Type.String(),
  thumbUrl: Type.String(),
  designerName: Type.String(),
  licenceKind: Type.String(),
  licenceTitle: Type.String(),
  orderType: Type.String(),
  termYears: Type.Integer(),
  amountFen: Type.Integer(),
  createdAt: Type.String(),
  /** When an unpaid order closes (ISO). */
  expiresAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  /** Licence period, YYYY-MM-DD (empty until paid). */
  licenceStart: Type.String(),
  licenceEnd: Type.String(),
});
export type OrderSummary = Static<typeof OrderSummary>;

export const OrderDetail = Type.Object({
  ...OrderSummary.properties,
  categories: Type.Array(Type.Object({ kid: Type.Integer(), title: Type.String() })),
  keywords: Type.Array(Type.String()),
  customKey: Type.String(),
  unitPriceFen: Type.Integer(),
  remarks: Type.String(),
  payChannel: Type.String(),
  payChannelTitle: Type.String(),
  cancelReason: Type.String(),
  refundReason: Type.String(),
  contractSigned: Type.Boolean(),
  contractSigner: Type.String(),
  /** Whether the original file may be downloaded now (paid, not refunded, licence running). */
  canDownload: Type.Boolean(),
  /** A pending payment the buyer can still scan, if any. */
  pendingPayOrderNo: Type.String(),
});
export type OrderDetail = Static<typeof OrderDetail>;

/** Where a bank transfer goes, with the order number as the reference; null for QR payments. */
export const BankTransferDetails = Type.Union([
  Type.Object({
    accountName: Type.String(),
    bankName: Type.String(),
    accountNo: Type.String(),
    reference: Type.String(),
    note: Type.String(),
  }),
  Type.Null(),
]);

/** §3 pay order: qrCode, payOrderNo; plus what the pay page shows. */
export const PayOrder = Type.Object({
  qrCode: Type.String({ description: '二维码内容（bank 时为空）' }),
  payOrderNo: Type.String(),
  payMethod: Type.Integer(),
  amountFen: Type.Integer(),
  expiresAt: Type.String(),
  /** The channel that really takes the money (sandbox stands in for an unconfigured provider). */
  channel: Type.String(),
  /** Bank transfer: where to send the money, with the order number as the reference. */
  bank: BankTransferDetails,
});
export type PayOrder = Static<typeof PayOrder>;

export const PayResult = Type.Object({
  payOrderNo: Type.String(),
  /** 1 paid (spec: code 1 means paid). */
  paid: Type.Boolean(),
  paymentState: Type.String(),
  orderNo: Type.String(),
  orderState: OrderStateSchema,
  /** Why the order was refunded after paying (e.g. exclusivity taken), or ''. */
  message: Type.String(),
});
export type PayResult = Static<typeof PayResult>;

const DocumentLink = Type.Object({
  url: Type.String({ description: '文档地址（PDF）' }),
  code: Type.String({ description: '核验码' }),
  verifyUrl: Type.String(),
});

export const getEmpowerKeywords = defineCall({
  name: 'Order/GetEmpowerKeywords',
  path: apiPath('Order', 'GetEmpowerKeywords'),
  tag: 'orders',
  summary: '授权用途关键词（服装、家纺、包装…），下单时可选',
  request: Type.Object({}),
  response: Type.Object({ keywords: Type.Array(Type.String()) }),
});

export const getEmpowerList = defineCall({
  name: 'Classification/GetEmpowerList',
  path: sapiPath('tu-zp/api/Classification/GetEmpowerList'),
  tag: 'orders',
  summary: '可授权的使用品类（一级分类）',
  request: Type.Object({}),
  response: Type.Object({
    list: Type.Array(Type.Object({ kid: Type.Integer(), title: Type.String() })),
  }),
});

export const getClassifyIdListByCreationId = defineCall({
  name: 'Empower/GetClassifyIdListByCreationId',
  path: sapiPath('tu-zp/api/Empower/GetClassifyIdListByCreationId'),
  tag: 'orders',
  summary: '作品各使用品类的独家授权占用情况',
  request: Type.Object({ creationId: CreationId }),
  response: Type.Object({ list: Type.Array(EmpowerCategory) }),
});

export const empowerCategory = defineCall({
  name: 'Empower/EmpowerCategory',
  path: sapiPath('tu-zp/api/Empower/EmpowerCategory'),
  auth: 'optional',
  tag: 'orders',
  summary: '作品的品类授权选项（品类独家、非独家商用）及价格',
  request: Type.Object({ creationId: CreationId }),
  response: EmpowerInfo,
});

export const empowerSourceMaterial = defineCall({
  name: 'Empower/EmpowerSourceMaterial',
  path: sapiPath('tu-zp/api/Empower/EmpowerSourceMaterial'),
  auth: 'optional',
  tag: 'orders',
  summary: '作品的素材授权选项（素材、扩展商用）及价格',
  request: Type.Object({ creationId: CreationId }),
  response: EmpowerInfo,
});

export const getOrderCreationBySaas = defineCall({
  name: 'Creation/GetOrderCreationBySaas',
  path: apiPath('Creation', 'GetOrderCreationBySaas'),
  auth: 'optional',
  tag: 'orders',
  summary: '设计工具内下单：作品的授权选项、价格、品类占用，以及当前用户在该作品上的订单',
  request: Type.Object({ creationId: CreationId }),
  response: Type.Object({
    ...EmpowerInfo.properties,
    orderNo: Type.String(),
    orderState: Type.Union([OrderStateSchema, Type.Literal('')]),
    canDownload: Type.Boolean(),
  }),
});

export const checkCustomKeyCall = defineCall({
  name: 'Order/CheckCustomKey',
  path: apiPath('Order', 'CheckCustomKey'),
  auth: 'required',
  tag: 'orders',
  summary: '检查自定义标识（印在授权证书上的品牌或产品线）是否可用',
  request: Type.Object({ customKey: Type.String({ maxLength: 64 }) }),
  response: Type.Object({ ok: Type.Boolean(), message: Type.String() }),
});

export const SubmitOrderInput = Type.Object({
  creationId: CreationId,
  licenceId: Type.Integer({ minimum: 1, description: '授权选项 ID' }),
  categoryKids: Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems: MAX_ORDER_CATEGORIES,
    description: '使用品类',
  }),
  keywords: Type.Array(Type.String({ minLength: 1, maxLength: 20 }), {
    maxItems: MAX_ORDER_KEYWORDS,
  }),
  customKey: Type.String({ maxLength: 64, default: '' }),
  termYears: Type.Integer({
    minimum: LICENCE_TERMS[0],
    maximum: LICENCE_TERMS[LICENCE_TERMS.length - 1],
    description: '授权年限',
  }),
  /** The client's idempotency key: a retry or a double click with it returns the first order. */
  idemKey: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: '幂等键' }),
  agreed: Type.Boolean({ description: '已阅读并同意授权协议' }),
});
export type SubmitOrderInput = Static<typeof SubmitOrderInput>;

export const submitOrder = defineCall({
  name: 'Order/Submit',
  path: apiPath('Order', 'Submit'),
  auth: 'required',
  tag: 'orders',
  summary: '提交授权订单（服务端计价；同一幂等键重复提交返回同一订单）',
  request: SubmitOrderInput,
  response: OrderDetail,
});

export const getOrder = defineCall({
  name: 'Order/GetOrder',
  path: apiPath('Order', 'GetOrder'),
  auth: 'required',
  tag: 'orders',
  summary: '订单详情（仅买家本人）',
  request: Type.Object({ orderNo: OrderNo }),
  response: OrderDetail,
});

export const getMyOrders = defineCall({
  name: 'Order/GetMyOrders',
  path: apiPath('Order', 'GetMyOrders'),
  auth: 'required',
  tag: 'orders',
  summary: '我的订单，按状态分页',
  request: Type.Object({
    state: Type.Union([OrderStateSchema, Type.Literal('')], { default: '' }),
    keyword: Type.String({ maxLength: 50, default: '' }),
    ...PageQuery,
  }),
  response: Type.Object({
    ...pageOf(OrderSummary).properties,
    /** Orders per state, for the tab badges. */
    counts: Type.Record(Type.String(), Type.Integer()),
  }),
});

export const cancelOrder = defineCall({
  name: 'Order/Cancel',
  path: sapiPath('tu-zp/api/Order/Cancel'),
  auth: 'required',
  tag: 'orders',
  summary: '取消未支付的订单',
  request: Type.Object({ orderNo: OrderNo }),
  response: OrderDetail,
});

export const updateOrderRemarks = defineCall({
  name: 'Order/UpdateOrderRemarks',
  path: apiPath('Order', 'UpdateOrderRemarks'),
  auth: 'required',
  tag: 'orders',
  summary: '修改订单备注',
  request: Type.Object({ orderNo: OrderNo, remarks: Type.String({ maxLength: 200 }) }),
  response: OrderDetail,
});

export const channelShare = defineCall({
  name: 'Order/ChannelShare',
  path: apiPath('Order', 'ChannelShare'),
  auth: 'required',
  tag: 'orders',
  summary: '分享授权：可公开核验的授权凭证链接',
  request: Type.Object({ orderNo: OrderNo }),
  response: Type.Object({ url: Type.String(), text: Type.String() }),
});

export const getOrderCodeByCreationId = defineCall({
  name: 'Order/GetOrderCodeByCreationId',
  path: sapiPath('tu-zp/api/Order/GetOrderCodeByCreationId'),
  auth: 'optional',
  tag: 'orders',
  summary: '当前用户在该作品上最近的有效订单（待支付或已授权），没有则为空',
  request: Type.Object({ creationId: CreationId }),
  response: Type.Object({
    orderNo: Type.String(),
    state: Type.Union([OrderStateSchema, Type.Literal('')]),
    canDownload: Type.Boolean(),
  }),
});

export const getCategoryActuality = defineCall({
  name: 'Order/GetCategoryActuality',
  path: sapiPath('tu-zp/api/Order/GetCategoryActuality'),
  tag: 'orders',
  summary: '作品各品类当前的独家授权状态',
  request: Type.Object({ creationId: CreationId }),
  response: Type.Object({ list: Type.Array(EmpowerCategory) }),
});

export const orderReturnQrCode = defineCall({
  name: 'Finance/OrderReturnQRCode',
  path: apiPath('Finance', 'OrderReturnQRCode'),
  auth: 'required',
  tag: 'orders',
  summary: '为订单生成支付二维码（1 微信 2 支付宝 3 银行转账）；重复请求返回同一支付单',
  request: Type.Object({
    orderNo: OrderNo,
    payMethod: Type.Integer({ minimum: 1, maximum: 3, description: '支付方式' }),
  }),
  response: PayOrder,
});

export const refreshPaymentQrCode = defineCall({
  name: 'Finance/RefreshPaymentQRCode',
  path: apiPath('Finance', 'RefreshPaymentQRCode'),
  auth: 'required',
  tag: 'orders',
  summary: '二维码过期后换一张新的（订单未超时时）',
  request: Type.Object({ payOrderNo: PayOrderNo }),
  response: PayOrder,
});

export const getPayResult = defineCall({
  name: 'Finance/GetPayResult',
  path: apiPath('Finance', 'GetPayResult'),
  auth: 'required',
  tag: 'orders',
  summary: '支付结果（页面每 3 秒查询一次）',
  request: Type.Object({ payOrderNo: PayOrderNo }),
  response: PayResult,
});

export const payOrder = defineCall({
  name: 'Order/Pay',
  path: apiPath('Order', 'Pay'),
  auth: 'required',
  tag: 'orders',
  summary:
    '用账户余额支付订单（余额不足时拒绝），或会员用素材授权额度领取素材授权（每年 1 次，额度不足时拒绝）',
  request: Type.Object({
    orderNo: OrderNo,
    payWith: Type.Optional(
      Type.Union([Type.Literal('balance'), Type.Literal('quota')], {
        description: 'balance 余额（默认）；quota 会员素材授权额度，仅素材授权订单',
      }),
    ),
  }),
  response: PayResult,
});

export const getTradeCertificate = defineCall({
  name: 'Order/GetTradeCertificate',
  path: apiPath('Order', 'GetTradeCertificate'),
  auth: 'required',
  tag: 'orders',
  summary: '交易凭证（PDF，带核验码）',
  request: Type.Object({ orderNo: OrderNo }),
  response: DocumentLink,
});

export const getCopyrightCertificate = defineCall({
  name: 'Copyright/GetCopyrightCertificate',
  path: apiPath('Copyright', 'GetCopyrightCertificate'),
  auth: 'required',
  tag: 'orders',
  summary: '作品版权证书（PDF，带核验码），授权买家可取',
  request: Type.Object({ orderNo: OrderNo }),
  response: DocumentLink,
});

export const getContractLink = defineCall({
  name: 'Contract/GetContractLink',
  path: apiPath('Contract', 'GetContractLink'),
  auth: 'required',
  tag: 'orders',
  summary: '授权合同（PDF）：未签署时为待签版本',
  request: Type.Object({ orderNo: OrderNo }),
  response: Type.Object({ ...DocumentLink.properties, signed: Type.Boolean() }),
});

export const getSignedContractLink = defineCall({
  name: 'Contract/GetSignedContractLink',
  path: apiPath('Contract', 'GetSignedContractLink'),
  auth: 'required',
  tag: 'orders',
  summary: '已签署的授权合同（PDF）；未签署时提示先签署',
  request: Type.Object({ orderNo: OrderNo }),
  response: DocumentLink,
});

export const updateContractSignStatus = defineCall({
  name: 'Contract/UpdateContractSigneStatus',
  path: apiPath('Contract', 'UpdateContractSigneStatus'),
  auth: 'required',
  tag: 'orders',
  summary: '买家签署授权合同（签署人为实名认证的姓名或企业），订单变为已授权',
  request: Type.Object({ orderNo: OrderNo, agreed: Type.Boolean() }),
  response: OrderDetail,
});

export const EmpoweredWork = Type.Object({
  orderNo: Type.String(),
  creationId: Type.Integer(),
  title: Type.String(),
  thumbUrl: Type.String(),
  licenceTitle: Type.String(),
  licenceEnd: Type.String(),
  canDownload: Type.Boolean(),
});

export const getEmpoweredList = defineCall({
  name: 'Creation/GetEmpoweredList',
  path: sapiPath('tu-zp/api/Creation/GetEmpoweredList'),
  auth: 'required',
  tag: 'orders',
  summary: '我已获授权的作品（可下载原图）',
  request: Type.Object({ ...PageQuery }),
  response: pageOf(EmpoweredWork),
});

export const getUserImgAuth = defineCall({
  name: 'User/GetUserImgAuth',
  path: apiPath('User', 'GetUserImgAuth'),
  auth: 'required',
  tag: 'orders',
  summary: '原图下载授权：已授权的买家得到限时签名链接，其他人被拒绝',
  request: Type.Object({ creationId: CreationId }),
  response: Type.Object({
    url: Type.String(),
    fileName: Type.String(),
    expiresAt: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
  }),
});

/** What a payment pays for: a licence order, or a service order (membership, recharge, add-on pack). */
export const PAYMENT_PURPOSE_TITLES = {
  licence: '授权订单',
  membership: '开通会员',
  dosing: '加量包',
  recharge: '余额充值',
} as const;
export type PaymentPurpose = keyof typeof PAYMENT_PURPOSE_TITLES;
export const PaymentPurposeSchema = Type.Union(
  (Object.keys(PAYMENT_PURPOSE_TITLES) as PaymentPurpose[]).map((s) => Type.Literal(s)),
);

/** A bank transfer waiting for finance staff, of any purpose. */
export const BankTransfer = Type.Object({
  payOrderNo: Type.String(),
  /** The order's number, which the payer gives as the transfer's reference. */
  orderNo: Type.String(),
  purpose: PaymentPurposeSchema,
  /** 授权订单 / 开通会员 / 加量包 / 余额充值. */
  purposeTitle: Type.String(),
  /** The work (licence), the package (membership) or the pack (add-on); '' for a recharge. */
  itemTitle: Type.String(),
  /** Years bought (licence term or membership), else null. */
  years: Type.Union([Type.Integer(), Type.Null()]),
  amountFen: Type.Integer(),
  /** The payer: the licence order's buyer name, else the account's user name. */
  buyerName: Type.String(),
  /** The payer's phone, to tell accounts with one name apart ('' when none). */
  buyerPhone: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});

/** What confirming a transfer did: the payment and its order (a licence or a service order). */
export const BankTransferResult = Type.Object({
  payOrderNo: Type.String(),
  paid: Type.Boolean(),
  paymentState: Type.String(),
  orderNo: Type.String(),
  purpose: PaymentPurposeSchema,
  purposeTitle: Type.String(),
  orderState: OrderStateSchema,
  /** Why the money was refunded at once (order closed, exclusivity taken…), or ''. */
  message: Type.String(),
});
export type BankTransferResult = Static<typeof BankTransferResult>;

export const getPendingBankTransfers = defineCall({
  name: 'Admin/GetPendingBankTransfers',
  path: apiPath('Admin', 'GetPendingBankTransfers'),
  auth: 'admin',
  tag: 'orders',
  summary: '待确认到账的银行转账（各用途：授权订单、开通会员、加量包、余额充值）',
  request: Type.Object({ ...PageQuery }),
  response: pageOf(BankTransfer),
});

export const confirmBankTransfer = defineCall({
  name: 'Admin/ConfirmBankTransfer',
  path: apiPath('Admin', 'ConfirmBankTransfer'),
  auth: 'admin',
  tag: 'orders',
  summary: '确认银行转账到账（授权订单、会员、加量包、充值）：按与支付通知相同的路径完成支付',
  request: Type.Object({
    payOrderNo: PayOrderNo,
    bankSerial: Type.String({ minLength: 4, maxLength: 64, description: '银行流水号' }),
    amountFen: Type.Integer({ minimum: 1, description: '到账金额（分）' }),
  }),
  response: BankTransferResult,
});

/** Usage keywords a buyer may name on the licence (Order/GetEmpowerKeywords). */
export const EMPOWER_KEYWORDS = [
  '服装',
  '家纺',
  '箱包',
  '鞋帽',
  '家居软装',
  '墙纸墙布',
  '包装',
  '文创礼品',
  '电商主图',
  '广告宣传',
  '数码配件',
  '出版印刷',
] as const;

// ---- Renewal of a time-limited licence (/user/myorder/renewal, issue 11) ----

/** A licence of mine that ends soon (or just ended) and what continuing it costs now. */
export const RenewableLicence = Type.Object({
  orderNo: Type.String(),
  creationId: Type.Integer(),
  title: Type.String(),
  thumbUrl: Type.String(),
  licenceKind: Type.String(),
  licenceTitle: Type.String(),
  orderType: Type.String(),
  categories: Type.Array(Type.Object({ kid: Type.Integer(), title: Type.String() })),
  /** The licence period now, YYYY-MM-DD. */
  licenceStart: Type.String(),
  licenceEnd: Type.String(),
  /** Whole days until the licence ends (negative once it has ended). */
  daysLeft: Type.Integer(),
  /** One more year at the licence's current price (per category for an exclusive licence). */
  yearPriceFen: Type.Integer(),
  /** Whether it can be renewed now; otherwise `reason` says why. */
  renewable: Type.Boolean(),
  reason: Type.String(),
  /** A renewal already submitted and not yet paid, or ''. */
  pendingRenewalNo: Type.String(),
});
export type RenewableLicence = Static<typeof RenewableLicence>;

/** Renewable: ends within this many days, or ended at most RENEWAL_GRACE_DAYS ago. */
export const RENEWAL_WINDOW_DAYS = 60;
export const RENEWAL_GRACE_DAYS = 30;

export const getRenewalEmpowerList = defineCall({
  name: 'Order/GetRenewalEmpowerList',
  path: sapiPath('tu-zp/api/Order/GetRenewalEmpowerList'),
  auth: 'required',
  tag: 'orders',
  summary: '可续费的授权：60 天内到期或到期未满 30 天的已支付订单，及按现价续费的价格',
  request: Type.Object({
    /** One licence only (the renewal page), or '' for all. */
    orderNo: Type.Union([OrderNo, Type.Literal('')], { default: '' }),
  }),
  response: Type.Object({ list: Type.Array(RenewableLicence) }),
});

export const submitRenewal = defineCall({
  name: 'Order/SubmitRenewal',
  path: sapiPath('tu-zp/api/Order/Submit'),
  auth: 'required',
  tag: 'orders',
  summary: '续费授权：按现价生成待支付的续费订单，授权期自原授权到期日起接续',
  request: Type.Object({
    orderNo: OrderNo,
    termYears: Type.Integer({
      minimum: LICENCE_TERMS[0],
      maximum: LICENCE_TERMS[LICENCE_TERMS.length - 1],
      description: '续费年限',
    }),
    idemKey: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: '幂等键' }),
  }),
  response: OrderDetail,
});
