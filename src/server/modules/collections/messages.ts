// What the collections module says (collect targets of other domains use MSG.missing).

export const COLLECTION_MSG = {
  demandMissing: '需求不存在',
  templateMissing: '模板不存在',
  notCollectable: '暂不支持收藏该类内容',
  groupMissing: '收藏分组不存在',
  groupNameEmpty: '分组名称不能为空',
  groupNameTaken: '已有同名的收藏分组',
  tooManyGroups: (max: number) => `收藏分组最多 ${max} 个`,
  cannotFollowSelf: '不能关注自己',
} as const;
