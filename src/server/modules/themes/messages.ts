// What the themes module says (a missing theme is MSG.missing.theme).

export const THEME_MSG = {
  trendMissing: '榜单不存在',
} as const;
