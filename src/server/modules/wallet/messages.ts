// What the wallet module says (the limits' sentences, shown by the form too, are in
// shared/rules/withdrawal.ts).

export const WALLET_MSG = {
  notFound: '提现申请不存在',
  idemReused: '该请求已提交过金额不同的提现申请，请刷新页面后重新填写',
  reasonMissing: '请填写驳回原因',
  cannot: (stateTitle: string, action: string) => `该提现申请${stateTitle}，不能${action}`,
  actions: { approve: '审核通过', pay: '标记已打款', reject: '驳回' },
} as const;

/** How each movement of a designer's withdrawable account reads in its statement. */
export const INCOME_LINE_TITLES: Record<string, string> = {
  settlement: '销售收入结算',
  withdrawal: '申请提现',
  withdrawal_return: '提现驳回退回',
  demand_reward: '定制需求稿件赏金',
};
