// The membership and wallet module's words.

export const MEMBER_MSG = {
  packageGone: '套餐不存在或已停用！',
  noPackages: '暂无套餐数据！',
  waiting: '等待支付',
  paymentNotFound: '支付单不存在',
  methodUnavailable: '该支付方式暂未开通，请选择其他支付方式或银行转账',
  rechargeOption: (yuan: number) => `充值 ${yuan} 元`,
  subjectMembership: (title: string, years: number) => `纹样会员-${title}-${years}年`,
  subjectRecharge: '纹样账户充值',
  bankNote: (orderNo: string) =>
    `请在汇款附言中填写订单号 ${orderNo}，转账后请联系客服并提供转账回单，财务确认到账后自动开通。`,
  quotaEmpty: (title: string) => `您的「${title}」权益已用完或已到期`,
  orderClosedRefund: '订单已关闭，款项已原路退回',
  dosingGone: '加量包不存在或已停用！',
  dosingMembersOnly: '加量包仅限会员在有效期内购买，请先开通或续费会员',
  subjectDosing: (title: string) => `纹样会员加量包-${title}`,
  insufficientBalance: '余额不足',
} as const;

/** The back office's package desk (Admin/SaveMemberPackage, SaveDosingPackage). */
export const PACKAGE_ADMIN_MSG = {
  titleRequired: '请填写名称',
  titleTooLong: (max: number) => `名称不能超过 ${max} 个字`,
  descriptionTooLong: (max: number) => `说明不能超过 ${max} 个字`,
  tierInvalid: (tiers: readonly number[]) =>
    `价格须为会员档位之一：${tiers.map((t) => `${t} 元/年`).join('、')}`,
  authCountInvalid: (max: number) => `权益数量须为 0–${max} 的整数`,
  authNotInPackage: '权益项不属于该套餐',
  dosingPriceInvalid: (maxYuan: number) => `加量包价格须在 0.01–${maxYuan} 元之间`,
  dosingCountInvalid: (max: number) => `加量包数量须为 1–${max} 的整数`,
} as const;

/** How each ledger movement reads in the balance statement. */
export const BALANCE_LINE_TITLES: Record<string, string> = {
  payment: '充值/付款到账',
  sale_share: '购买作品授权',
  sale_fee: '购买作品授权',
  membership: '开通会员',
  dosing: '购买加量包',
  refund: '退款',
  demand_escrow: '托管需求赏金',
  demand_refund: '需求赏金退回',
};
