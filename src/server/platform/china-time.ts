import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// Calendar days and months as people in China count them ("once a day", "this month", a date
// filter), by dayjs with its utc and timezone plugins rather than hand-written offsets.

dayjs.extend(utc);
dayjs.extend(timezone);

export const CHINA_TIME_ZONE = 'Asia/Shanghai';

/** The calendar day in China, YYYY-MM-DD, of an instant (ms). */
export const chinaDay = (ms: number): string => dayjs(ms).tz(CHINA_TIME_ZONE).format('YYYY-MM-DD');

/** The calendar month in China, YYYY-MM, of an instant (ms). */
/** YYYYMMDDHHmmss in China time, for order numbers. */
export const chinaStamp = (ms: number): string =>
  dayjs(ms).tz(CHINA_TIME_ZONE).format('YYYYMMDDHHmmss');
export const chinaMonth = (ms: number): string => dayjs(ms).tz(CHINA_TIME_ZONE).format('YYYY-MM');

/**
 * The instant (ms) a Chinese calendar day YYYY-MM-DD starts, or null for text that is no real day
 * (2026-02-30, 0000-00-00).
 */
export function chinaDayStartMs(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = dayjs.tz(day, CHINA_TIME_ZONE);
  return start.isValid() && start.format('YYYY-MM-DD') === day ? start.valueOf() : null;
}

const startOfChinaDay = (ms: number): number =>
  dayjs(ms).tz(CHINA_TIME_ZONE).startOf('day').valueOf();

/** The Chinese calendar day last asked about, [start, end) in ms. */
let lastDay: { start: number; end: number } | null = null;

/**
 * The instant (ms) the Chinese calendar day of `ms` started. Asked on hot paths (every upload's
 * quota, attachments, invitations) and dayjs's time-zone conversion costs ~1 ms of CPU, so the last
 * day's bounds are kept: a day is at most 25 hours long, so the day that 30 hours after its start
 * falls in begins where it ends.
 */
export function chinaDayStartOf(ms: number): number {
  if (lastDay === null || ms < lastDay.start || ms >= lastDay.end) {
    const start = startOfChinaDay(ms);
    lastDay = { start, end: startOfChinaDay(start + 30 * 3600_000) };
  }
  return lastDay.start;
}

/** `years` calendar years after `ms` (same UTC month, day and time): a licence or membership term. */
export function addYears(ms: number, years: number): number {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime();
}
