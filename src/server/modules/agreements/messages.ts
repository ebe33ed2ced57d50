// What the agreements module says: unknown aliases and the checks on a new version.

export const AGREEMENT_MSG = {
  notFound: '协议不存在，请从协议列表中选择',
  bodyRequired: '请填写协议正文',
  bodyTooShort: (min: number) => `协议正文过短，至少需要 ${min} 个字`,
  bodyTooLong: (max: number) => `协议正文不能超过 ${max} 个字`,
  unchanged: '新版本与现行版本内容相同，无需发布',
  raced: '该协议刚刚发布了新版本，请刷新后重试',
  outdated: '协议已更新，请阅读最新版本后再同意',
} as const;
