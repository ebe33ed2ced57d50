// Site information that is data, not a sentence: the contact block's defaults (docs/help.md).

/** 客服热线 and 服务时间 when SUPPORT_HOTLINE / SUPPORT_HOURS are not configured. */
export const DEFAULT_SUPPORT = {
  hotline: '400-000-0000',
  hours: '工作日 9:00-18:00',
} as const;
