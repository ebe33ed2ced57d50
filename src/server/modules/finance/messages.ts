// What the finance module says.

export const FINANCE_MSG = {
  insufficientBalance: '余额不足',
} as const;
