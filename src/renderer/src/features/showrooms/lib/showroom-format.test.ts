import { describe, expect, it } from 'vitest';
import { formatTime, hallIdOf, moveItem } from './showroom-format';

describe('showroom-format', () => {
  it('moves a work up, down and to an end, keeping every other work', () => {
    expect(moveItem([1, 2, 3, 4], 2, 1)).toEqual([1, 3, 2, 4]);
    expect(moveItem([1, 2, 3, 4], 0, 1)).toEqual([2, 1, 3, 4]);
    expect(moveItem([1, 2, 3, 4], 0, 99)).toEqual([2, 3, 4, 1]);
    expect(moveItem([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
  });

  it('reads a hall id from a route value, refusing anything but a positive integer', () => {
    expect(hallIdOf('12')).toBe(12);
    expect(hallIdOf('0')).toBeNaN();
    expect(hallIdOf('1e3')).toBeNaN();
    expect(hallIdOf(null)).toBeNaN();
  });

  it('shows times in China time', () => {
    expect(formatTime('2026-11-24T16:30:00.000Z')).toBe('2026-11-25 00:30');
  });
});
