// What the help module says: missing articles and the back office's checks (docs/help.md).

export const HELP_MSG = {
  articleNotFound: '帮助文章不存在或已下线，请从左侧目录中选择',
  categoryNotFound: '帮助分类不存在，请刷新后重试',
  aliasInvalid: '分类别名须以小写字母开头，由 2-32 位小写字母、数字或连字符组成',
  aliasTaken: (alias: string) => `分类别名“${alias}”已被使用，请换一个`,
  aliasReserved: (alias: string) => `“${alias}”是版权声明的地址，不能用作分类别名`,
  categoryTitleRequired: '请填写分类名称',
  categoryTitleTooLong: (max: number) => `分类名称不能超过 ${max} 个字`,
  articleTitleRequired: '请填写文章标题',
  articleTitleTooLong: (max: number) => `文章标题不能超过 ${max} 个字`,
  articleTitleTaken: '该分类下已有同名文章，请换一个标题',
  bodyRequired: '请填写文章正文',
  bodyTooShort: (min: number) => `文章正文过短，至少需要 ${min} 个字`,
  bodyTooLong: (max: number) => `文章正文不能超过 ${max} 个字`,
  moveAcrossAudience: '文章只能移到同一帮助中心的分类下',
} as const;
