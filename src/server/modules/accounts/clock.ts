/** ISO text of a time in ms, as every table stores times. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** The calendar day in China (UTC+8), YYYY-MM-DD: "once a day" means a Chinese day. */
export const chinaDay = (ms: number): string =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
