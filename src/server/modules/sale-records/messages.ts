// What the sale-records module says.

export const SALE_RECORD_MSG = {
  badDay: (day: string) => `日期不正确：${day} 不是有效的日期`,
  recordMissing: '销售记录不存在',
} as const;
