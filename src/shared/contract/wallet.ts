import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { PageQuery, pageOf } from './common';
import { apiPath, defineCall } from './define';

// The designer's wallet (spec §1 提现, §2 /user/mybalance/accWithdraw, §6 settled designers may
// withdraw, §7 User: GetBankInfo, GetUserBankCard, SubBankCertify; Finance: ApplyWithdrawal,
// GetWithdrawalLog; issue 12, docs/wallet.md). A settled designer binds a personal bank card held
// in their verified real name and withdraws settled sales money to it; an admin approves and pays.
// Amounts are integer fen; the limits are in shared/rules/withdrawal.ts.

/** Withdrawal states: applied → approved → paid, or rejected with a reason. */
export const WITHDRAWAL_STATE_TITLES = {
  applied: '审核中',
  approved: '待打款',
  paid: '已打款',
  rejected: '已驳回',
} as const;
export type WithdrawalState = keyof typeof WITHDRAWAL_STATE_TITLES;
export const WithdrawalStateSchema = Type.Union([
  Type.Literal('applied'),
  Type.Literal('approved'),
  Type.Literal('paid'),
  Type.Literal('rejected'),
]);

export const Bank = Type.Object({ code: Type.String(), name: Type.String() });
export type Bank = Static<typeof Bank>;

export const getBankInfo = defineCall({
  name: 'User/GetBankInfo',
  path: apiPath('User', 'GetBankInfo'),
  auth: 'required',
  tag: 'wallet',
  summary: '可绑定的开户银行列表',
  request: Type.Object({}),
  response: Type.Array(Bank),
});

export const BankCard = Type.Object({
  holderName: Type.String(),
  bankCode: Type.String(),
  bankName: Type.String(),
  /** e.g. 6222 **** 1234; the whole number never leaves the server for its holder. */
  cardNumberMasked: Type.String(),
  /** False once the holder no longer matches the verified real name (bind again). */
  verified: Type.Boolean(),
  boundAt: Type.String(),
});
export type BankCard = Static<typeof BankCard>;

export const BankCardInfo = Type.Object({
  /** The caller's verified real name (实名认证), or '' before verifying. */
  realName: Type.String(),
  card: Type.Union([BankCard, Type.Null()]),
});
export type BankCardInfo = Static<typeof BankCardInfo>;

export const getUserBankCard = defineCall({
  name: 'User/GetUserBankCard',
  path: apiPath('User', 'GetUserBankCard'),
  auth: 'settled',
  tag: 'wallet',
  summary: '我绑定的提现银行卡（卡号打码）与实名认证的姓名',
  request: Type.Object({}),
  response: BankCardInfo,
});

export const subBankCertify = defineCall({
  name: 'User/SubBankCertify',
  path: apiPath('User', 'SubBankCertify'),
  auth: 'settled',
  tag: 'wallet',
  summary:
    '绑定提现银行卡：持卡人须与实名认证的姓名一致，卡号 8–30 位数字（可含空格）；再次绑定替换原卡',
  request: Type.Object({
    holderName: Type.String({ minLength: 1, maxLength: 40, description: '持卡人姓名' }),
    bankCode: Type.String({
      minLength: 1,
      maxLength: 16,
      description: '开户银行（GetBankInfo 的 code）',
    }),
    cardNumber: Type.String({ minLength: 1, maxLength: 40, description: '银行卡号' }),
  }),
  response: BankCardInfo,
});

export const WithdrawalAccount = Type.Object({
  /** Settled sales money that may be withdrawn now. */
  availableFen: Type.Integer(),
  /** Sales money still within the settlement period. */
  pendingFen: Type.Integer(),
  /** Applied or approved withdrawals, not yet paid. */
  withdrawingFen: Type.Integer(),
  /** Paid out to the card, all time. */
  paidFen: Type.Integer(),
  minFen: Type.Integer(),
  dailyLimitFen: Type.Integer(),
  /** Withdrawn today (China day), rejected withdrawals not counted. */
  withdrawnTodayFen: Type.Integer(),
});
export type WithdrawalAccount = Static<typeof WithdrawalAccount>;

export const getWithdrawalAccount = defineCall({
  name: 'Finance/GetWithdrawalAccount',
  path: apiPath('Finance', 'GetWithdrawalAccount'),
  auth: 'settled',
  tag: 'wallet',
  summary: '可提现金额（已结算的销售收入）、待结算、提现中、已提现，以及单笔最低与每日限额',
  request: Type.Object({}),
  response: WithdrawalAccount,
});

export const IncomeLine = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  /** Positive: into the withdrawable account (a settlement, a rejected withdrawal); negative: out. */
  amountFen: Type.Integer(),
  /** The order settled, or the withdrawal's number. */
  reference: Type.String(),
  createdAt: Type.String(),
});
export type IncomeLine = Static<typeof IncomeLine>;

export const getIncomeStatement = defineCall({
  name: 'Finance/GetIncomeStatement',
  path: apiPath('Finance', 'GetIncomeStatement'),
  auth: 'settled',
  tag: 'wallet',
  summary: '可提现金额明细：每一条结算、提现与驳回退回的账本记录，新的在前',
  request: Type.Object({ ...PageQuery }),
  response: Type.Object({ ...pageOf(IncomeLine).properties, availableFen: Type.Integer() }),
});

export const Withdrawal = Type.Object({
  withdrawalNo: Type.String(),
  amountFen: Type.Integer(),
  state: WithdrawalStateSchema,
  stateTitle: Type.String(),
  bankName: Type.String(),
  cardNumberMasked: Type.String(),
  holderName: Type.String(),
  rejectReason: Type.String(),
  createdAt: Type.String(),
  /** When the last step happened (approved, paid or rejected), or ''. */
  handledAt: Type.String(),
});
export type Withdrawal = Static<typeof Withdrawal>;

export const applyWithdrawal = defineCall({
  name: 'Finance/ApplyWithdrawal',
  path: apiPath('Finance', 'ApplyWithdrawal'),
  auth: 'settled',
  tag: 'wallet',
  summary:
    '申请提现到绑定的银行卡：仅已结算的销售收入，不低于单笔最低、不超过每日限额；同一幂等键只提交一次',
  request: Type.Object({
    amountFen: Type.Integer({ minimum: 1, maximum: 100_000_000, description: '提现金额（分）' }),
    idemKey: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: '表单的幂等键' }),
  }),
  response: Withdrawal,
});

export const getWithdrawalLog = defineCall({
  name: 'Finance/GetWithdrawalLog',
  path: apiPath('Finance', 'GetWithdrawalLog'),
  auth: 'settled',
  tag: 'wallet',
  summary: '提现记录，新的在前',
  request: Type.Object({ ...PageQuery }),
  response: pageOf(Withdrawal),
});

export const AdminWithdrawal = Type.Object({
  ...Withdrawal.properties,
  id: Type.Integer(),
  designerName: Type.String(),
  caiHongID: Type.String(),
  /** The whole card number: the admin pays to it. */
  cardNumber: Type.String(),
  paySerial: Type.String(),
});
export type AdminWithdrawal = Static<typeof AdminWithdrawal>;

export const getWithdrawals = defineCall({
  name: 'Admin/GetWithdrawals',
  path: apiPath('Admin', 'GetWithdrawals'),
  auth: 'admin',
  tag: 'wallet',
  summary: '提现审核（后台）：按状态列出提现申请，先申请的在前',
  request: Type.Object({ state: WithdrawalStateSchema, ...PageQuery }),
  response: pageOf(AdminWithdrawal),
});

export const handleWithdrawal = defineCall({
  name: 'Admin/HandleWithdrawal',
  path: apiPath('Admin', 'HandleWithdrawal'),
  auth: 'admin',
  tag: 'wallet',
  summary:
    '审核通过（approve）、标记已打款（pay，可填打款流水号）或驳回（reject，须填原因；金额退回可提现余额）',
  request: Type.Object({
    id: Type.Integer({ minimum: 1 }),
    action: Type.Union([Type.Literal('approve'), Type.Literal('pay'), Type.Literal('reject')]),
    paySerial: Type.String({ maxLength: 64, default: '', description: '打款流水号' }),
    reason: Type.String({ maxLength: 200, default: '', description: '驳回原因' }),
  }),
  response: AdminWithdrawal,
});
