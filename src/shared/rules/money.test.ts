import { describe, expect, it } from 'vitest';
import { formatYuan } from './money';

describe('formatYuan', () => {
  it('shows whole yuan without decimals and fen with two digits', () => {
    expect(formatYuan(10000)).toBe('¥100');
    expect(formatYuan(12345)).toBe('¥123.45');
    expect(formatYuan(15800_00)).toBe('¥15,800');
    expect(formatYuan(5)).toBe('¥0.05');
  });
});
