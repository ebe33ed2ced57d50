// The printed region of a photo (issue 15): a pattern pasted on a flat or unevenly lit backdrop is
// found (inside the pasted area, covering most of it), a full-frame pattern and a faint texture
// seen whole are left whole, and a search image of the pasted pattern carries the region as an
// alternative view that finds the work.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../platform/seeded-random';
import { extractIndexDescriptor } from './descriptors';
import type { Pixels, Region } from './descriptors';
import { findPrintedRegion, flattenIllumination } from './printed-region';
import { extractQuery } from './query-views';
import { ImageMatcher } from './searcher';

const SIDE = 160;

/** A repeat of coloured diamonds and dots (period `period` px) at pixel (x, y). */
function motif(x: number, y: number, period: number, hue: number): [number, number, number] {
  const u = ((x % period) + period) % period;
  const v = ((y % period) + period) % period;
  const cx = Math.abs(u - period / 2);
  const cy = Math.abs(v - period / 2);
  if (cx + cy < period * 0.3) return [200, 60 + hue, 40];
  if (Math.hypot(u - 2, v - 2) < period * 0.12) return [30, 40, 120 + hue];
  return [240, 230, 200];
}

type Backdrop = (x: number, y: number) => [number, number, number];
const flat: Backdrop = () => [120, 160, 150];
/** A wall lit from one corner: brightness falls by a third across the frame. */
const gradient: Backdrop = (x, y) => {
  const lit = 1 - ((x + y) / (2 * SIDE)) * 0.35;
  return [200 * lit, 170 * lit, 215 * lit];
};

/** The pattern inside `box` (fractions) on `backdrop`, or over the whole frame without one. */
function scene(box: Region | null, backdrop: Backdrop, period = 14, hue = 0): Pixels {
  const rgb = new Uint8Array(SIDE * SIDE * 3);
  const random = createRandom(5);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const u = x / SIDE;
      const v = y / SIDE;
      const inside = !box || (u >= box.x && u < box.x + box.w && v >= box.y && v < box.y + box.h);
      const c = inside ? motif(x, y, period, hue) : backdrop(x, y);
      for (let k = 0; k < 3; k++) {
        rgb[(y * SIDE + x) * 3 + k] = Math.max(0, Math.min(255, c[k]! + (random() - 0.5) * 3));
      }
    }
  }
  return { rgb, width: SIDE, height: SIDE };
}

function png(p: Pixels): Promise<Buffer> {
  return sharp(p.rgb, { raw: { width: p.width, height: p.height, channels: 3 } })
    .png()
    .toBuffer();
}

function expectInside(found: Region | null, box: Region, minCover: number): void {
  expect(found).not.toBeNull();
  const r = found!;
  const slack = 0.02;
  expect(r.x).toBeGreaterThanOrEqual(box.x - slack);
  expect(r.y).toBeGreaterThanOrEqual(box.y - slack);
  expect(r.x + r.w).toBeLessThanOrEqual(box.x + box.w + slack);
  expect(r.y + r.h).toBeLessThanOrEqual(box.y + box.h + slack);
  expect((r.w * r.h) / (box.w * box.h)).toBeGreaterThan(minCover);
}

const box = { x: 0.2, y: 0.15, w: 0.55, h: 0.65 };

describe('findPrintedRegion', () => {
  it('finds a pattern pasted on a flat backdrop', () => {
    expectInside(findPrintedRegion(scene(box, flat)), box, 0.7);
  });

  it('finds a pattern pasted on an unevenly lit backdrop', () => {
    expectInside(findPrintedRegion(scene(box, gradient)), box, 0.7);
  });

  it('leaves a full-frame pattern whole', () => {
    expect(findPrintedRegion(scene(null, flat))).toBeNull();
  });

  it('leaves a flat or faint image whole', () => {
    expect(findPrintedRegion(scene({ x: 0, y: 0, w: 0, h: 0 }, flat))).toBeNull();
    expect(findPrintedRegion(scene({ x: 0, y: 0, w: 0, h: 0 }, gradient))).toBeNull();
  });
});

describe('extractQuery', () => {
  it('describes the printed region of a photo as an alternative view that finds the work', async () => {
    const work = await png(scene(null, flat, 14, 0));
    const other = await png(scene(null, flat, 22, 60));
    const matcher = new ImageMatcher();
    matcher.set(1, await extractIndexDescriptor(work), { kid: 1, parentKid: 0 });
    matcher.set(2, await extractIndexDescriptor(other), { kid: 1, parentKid: 0 });

    const photo = await extractQuery(await png(scene(box, gradient, 14, 0)));
    expect(photo.alternatives).toHaveLength(2);
    const found = matcher.search(photo, { ignoreColor: false, limit: 10 });
    const ranked = [...found.same, ...found.similar];
    expect(ranked[0]?.id).toBe(1);
    // The printed region scores the work higher than the whole frame with its backdrop does.
    const wholeFrame = matcher.search(
      { ...photo, alternatives: undefined },
      { ignoreColor: false, limit: 10 },
    );
    const scoreOf = (hits: typeof found) =>
      [...hits.same, ...hits.similar].find((h) => h.id === 1)?.score ?? 0;
    expect(scoreOf(found)).toBeGreaterThan(scoreOf(wholeFrame) + 0.05);

    const whole = await extractQuery(work);
    expect(whole.alternatives).toBeUndefined();
  });
});

describe('flattenIllumination', () => {
  it('evens out a lighting gradient and keeps the print', () => {
    const lit = scene(null, flat);
    // Darken the right half progressively, as a lamp's fall-off would.
    for (let y = 0; y < SIDE; y++) {
      for (let x = 0; x < SIDE; x++) {
        const gain = 1 - 0.4 * (x / SIDE);
        for (let k = 0; k < 3; k++) {
          const o = (y * SIDE + x) * 3 + k;
          lit.rgb[o] = Math.round(lit.rgb[o]! * gain);
        }
      }
    }
    const meanOf = (p: Pixels, x0: number, x1: number) => {
      let s = 0;
      let n = 0;
      for (let y = 0; y < SIDE; y++) {
        for (let x = x0; x < x1; x++) {
          s += p.rgb[(y * SIDE + x) * 3]!;
          n++;
        }
      }
      return s / n;
    };
    const even = flattenIllumination(lit);
    const before = meanOf(lit, 0, 28) / meanOf(lit, SIDE - 28, SIDE);
    const after = meanOf(even, 0, 28) / meanOf(even, SIDE - 28, SIDE);
    expect(before).toBeGreaterThan(1.4);
    expect(Math.abs(after - 1)).toBeLessThan(0.12);
  });
});
