// What the series module says (a missing series is MSG.missing.series).

export const SERIES_MSG = {
  nameTaken: '已有同名系列',
} as const;
