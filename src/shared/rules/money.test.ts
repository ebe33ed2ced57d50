import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, yuanToFen } from './money';

describe('formatYuan', () => {
  it('shows whole yuan without decimals and fen with two digits', () => {
    expect(formatYuan(10000)).toBe('¥100');
    expect(formatYuan(12345)).toBe('¥123.45');
    expect(formatYuan(15800_00)).toBe('¥15,800');
    expect(formatYuan(5)).toBe('¥0.05');
  });
});

describe('yuanToFen', () => {
  it('stores a price typed in yuan as whole fen, without float noise', () => {
    expect(yuanToFen(19.9)).toBe(1990);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(158)).toBe(15800);
    expect(fenToYuan(1990)).toBe(19.9);
  });
});
