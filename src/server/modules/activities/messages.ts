// What the activities module says: unknown activities, the window, and the back office's checks.

export const ACTIVITY_MSG = {
  notFound: '活动不存在或已下线',
  noneYet: '暂无活动，敬请期待',
  notStarted: (day: string) => `活动尚未开始，${day} 开始后即可参加`,
  ended: '活动已结束，感谢关注',
  titleRequired: '请填写活动标题',
  titleTooLong: (max: number) => `活动标题不能超过 ${max} 个字`,
  summaryTooLong: (max: number) => `活动简介不能超过 ${max} 个字`,
  rulesTooShort: (min: number) => `活动规则过短，至少需要 ${min} 个字`,
  rulesTooLong: (max: number) => `活动规则不能超过 ${max} 个字`,
  badDay: '请选择有效的日期',
  endBeforeStart: '结束日期不能早于开始日期',
  badCover: '封面地址需以 / 或 https:// 开头',
} as const;
