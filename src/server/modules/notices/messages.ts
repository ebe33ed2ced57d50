// What the message centre says: refused notices (a programming error surfaced clearly) and checks.

export const NOTICE_MSG = {
  kindUnknown: (kind: string) => `未知的消息类型：${kind}`,
  titleRequired: '消息标题不能为空',
  titleTooLong: (max: number) => `消息标题不能超过 ${max} 个字`,
  bodyRequired: '消息内容不能为空',
  bodyTooLong: (max: number) => `消息内容不能超过 ${max} 个字`,
  userRequired: '消息必须发给一位用户',
} as const;
