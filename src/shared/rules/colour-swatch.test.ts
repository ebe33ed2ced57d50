import { describe, expect, it } from 'vitest';
import { COLOUR_SWATCHES, swatchOf, swatchesOf } from './colour-swatch';

describe('colour swatches', () => {
  it('offers the twelve named colours of the filter', () => {
    expect(COLOUR_SWATCHES.map((s) => s.name).join('')).toBe('红橙黄绿青蓝紫粉棕黑白灰');
  });

  it('reads each swatch colour as itself', () => {
    for (const swatch of COLOUR_SWATCHES)
      expect(swatchOf(swatch.hex), swatch.name).toBe(swatch.key);
  });

  it.each([
    ['#f5f2e9', 'white'],
    ['#141414', 'black'],
    ['#a39e93', 'grey'],
    ['#1f3f8f', 'blue'],
    ['#9d2933', 'red'],
    ['#f2a7b0', 'pink'],
    ['#8a4f1c', 'brown'],
    ['#3fb58f', 'green'],
    ['#1c9c9c', 'cyan'],
    ['#9d7cc1', 'purple'],
    ['#ffd93d', 'yellow'],
    ['#ff6f61', 'red'],
    ['#e39b2d', 'orange'],
  ])('maps %s to %s', (hex, key) => {
    expect(swatchOf(hex)).toBe(key);
  });

  it('ignores what is not a colour and lists a palette once per swatch', () => {
    expect(swatchOf('blue')).toBeNull();
    expect(swatchesOf(['#1f3f8f', '#3d6cc0', '#f5f2e9', 'oops'])).toEqual(['blue', 'white']);
  });
});
