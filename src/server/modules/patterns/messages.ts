// What the patterns module says (my pattern groups).

export const PATTERN_MSG = {
  groupMissing: '分组不存在',
  groupNameTaken: '已有同名分组',
  somePatternsMissing: '部分花型不存在',
} as const;
