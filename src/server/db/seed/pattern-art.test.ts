import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  PALETTES,
  PATTERN_STYLES,
  STYLE_TITLES,
  createRandom,
  patternSvg,
  renderPattern,
} from './pattern-art.ts';
import type { Palette, PatternSpec, PatternStyle } from './pattern-art.ts';

const HAN = /^\p{Script=Han}+$/u;

function palette(name: string): Palette {
  const found = PALETTES.find((p) => p.name === name);
  if (!found) throw new Error(`palette ${name} missing`);
  return found;
}

function spec(style: PatternStyle, seed: number, seamless = true, name = '青花瓷'): PatternSpec {
  return { style, palette: palette(name), seed, seamless };
}

/**
 * Seam score along x: difference between the last and first pixel columns (neighbours once the
 * tile repeats) divided by the largest difference between any two adjacent interior columns.
 * A seamless tile's wrap-around pair is just another neighbour pair, so it cannot exceed the
 * sharpest edge already inside the tile (score <= ~1, even when a real edge falls on the seam);
 * motifs cut at the edge without their wrapped copy make the seam the worst jump of all.
 */
async function seamScore(png: Buffer, axis: 'x' | 'y'): Promise<number> {
  const img = sharp(png).removeAlpha();
  const { data, info } = await (axis === 'x' ? img : img.rotate(90)).raw().toBuffer({
    resolveWithObject: true,
  });
  const { width, height, channels } = info;
  const colDiff = (a: number, b: number): number => {
    let sum = 0;
    for (let y = 0; y < height; y++) {
      for (let k = 0; k < 3; k++) {
        sum += Math.abs(
          (data[(y * width + a) * channels + k] ?? 0) - (data[(y * width + b) * channels + k] ?? 0),
        );
      }
    }
    return sum / (height * 3);
  };
  let interior = 0;
  for (let x = 0; x < width - 1; x++) interior = Math.max(interior, colDiff(x, x + 1));
  return colDiff(0, width - 1) / (interior + 1);
}

describe('pattern-art catalogue', () => {
  it('has a Chinese title for every style', () => {
    expect(new Set(PATTERN_STYLES).size).toBe(14);
    expect(Object.keys(STYLE_TITLES).sort()).toEqual([...PATTERN_STYLES].sort());
    for (const style of PATTERN_STYLES) expect(STYLE_TITLES[style]).toMatch(HAN);
  });

  it('has at least 24 palettes with unique Chinese names and valid colours', () => {
    expect(PALETTES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(PALETTES.map((p) => p.name)).size).toBe(PALETTES.length);
    const required =
      '青花瓷 胭脂 莫兰迪 薄荷 藏青 琥珀 靛蓝扎染 苗绣 蜡染 珊瑚 墨绿 樱粉 橄榄 姜黄 雾霾蓝 砖红 奶茶 松石 玫瑰金 黛紫 孔雀 秋香 黑金 彩虹糖';
    for (const name of required.split(' ')) {
      expect(PALETTES.some((p) => p.name === name)).toBe(true);
    }
    for (const p of PALETTES) {
      expect(p.name).toMatch(HAN);
      expect(p.colors.length).toBeGreaterThanOrEqual(4);
      expect(p.colors.length).toBeLessThanOrEqual(5);
      for (const c of p.colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('createRandom', () => {
  it('is deterministic, seed-dependent and within [0, 1)', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
  });
});

describe('patternSvg', () => {
  it.each(PATTERN_STYLES)(
    '%s: same spec gives identical SVG, another seed a different one',
    (style) => {
      const svg = patternSvg(spec(style, 7), 400);
      expect(patternSvg(spec(style, 7), 400)).toBe(svg);
      expect(patternSvg(spec(style, 8), 400)).not.toBe(svg);
      expect(svg).toMatch(/^<svg [^>]*width="400" height="400"/);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    },
  );

  it('varies with the palette as well as the seed', () => {
    expect(patternSvg(spec('floral', 1, true, '胭脂'), 300)).not.toBe(
      patternSvg(spec('floral', 1, true, '薄荷'), 300),
    );
  });
});

describe('renderPattern', () => {
  it.each(PATTERN_STYLES)('%s renders a non-blank PNG of the requested size', async (style) => {
    const png = await renderPattern(spec(style, 3, true, '苗绣'), 200);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(200);
    expect(meta.height).toBe(200);
    const stats = await sharp(png).stats();
    const spread = Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev));
    expect(spread).toBeGreaterThan(8);
  });

  it.each(PATTERN_STYLES)(
    '%s: seamless tiles match across left/right and top/bottom',
    async (style) => {
      for (const [seed, name] of [
        [11, '珊瑚'],
        [12, '藏青'],
      ] as const) {
        const png = await renderPattern(spec(style, seed, true, name), 256);
        expect(await seamScore(png, 'x')).toBeLessThan(1.3);
        expect(await seamScore(png, 'y')).toBeLessThan(1.3);
      }
    },
  );

  it('the seam check rejects the same designs rendered without wrapping', async () => {
    // Same style, palette and seed; only the seamless flag differs, so the score isolates wrapping.
    for (const seed of [3, 4, 5]) {
      const cut = await renderPattern(spec('camouflage', seed, false, '苗绣'), 256);
      const wrapped = await renderPattern(spec('camouflage', seed, true, '苗绣'), 256);
      expect(Math.max(await seamScore(cut, 'x'), await seamScore(cut, 'y'))).toBeGreaterThan(1.3);
      expect(await seamScore(wrapped, 'x')).toBeLessThan(1.3);
    }
  });
});
