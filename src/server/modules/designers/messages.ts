// What the designers module says.

export const DESIGNER_MSG = {
  designerMissing: '设计师不存在',
} as const;
