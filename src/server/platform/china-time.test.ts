import { describe, expect, it } from 'vitest';
import { chinaDay, chinaDayStartMs, chinaDayStartOf, chinaMonth, chinaStamp } from './china-time';

describe('China calendar time', () => {
  it('counts a day from midnight in China, not in UTC', () => {
    // 2026-11-24 15:59:59 UTC is 23:59:59 in Beijing; a second later it is the 25th there.
    expect(chinaDay(Date.UTC(2026, 10, 24, 15, 59, 59))).toBe('2026-11-24');
    expect(chinaDay(Date.UTC(2026, 10, 24, 16, 0, 0))).toBe('2026-11-25');
    expect(chinaMonth(Date.UTC(2026, 10, 30, 16, 0, 0))).toBe('2026-12');
    expect(chinaStamp(Date.UTC(2026, 10, 24, 16, 0, 5))).toBe('20261125000005');
  });

  it('finds when a Chinese day starts, and refuses text that is no day', () => {
    expect(chinaDayStartMs('2026-11-25')).toBe(Date.UTC(2026, 10, 24, 16));
    expect(chinaDayStartOf(Date.UTC(2026, 10, 24, 20))).toBe(Date.UTC(2026, 10, 24, 16));
    for (const bad of ['2026-02-30', '0000-00-00', '2026-13-01', '2026-1-1', 'today']) {
      expect(chinaDayStartMs(bad)).toBeNull();
    }
  });

  it('answers from the last day asked about only inside that day', () => {
    const day25 = Date.UTC(2026, 10, 24, 16);
    const day26 = Date.UTC(2026, 10, 25, 16);
    expect(chinaDayStartOf(day25 + 1000)).toBe(day25);
    // The day's last and first milliseconds, then the next day, an earlier one, and back.
    expect(chinaDayStartOf(day26 - 1)).toBe(day25);
    expect(chinaDayStartOf(day26)).toBe(day26);
    expect(chinaDayStartOf(day25 - 1)).toBe(Date.UTC(2026, 10, 23, 16));
    expect(chinaDayStartOf(day25)).toBe(day25);
  });
});
