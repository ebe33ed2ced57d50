/** ISO text of a time in ms, as every table stores times. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** The calendar day in China, YYYY-MM-DD: "once a day" means a Chinese day. */
export { chinaDay } from '../../platform/china-time';
