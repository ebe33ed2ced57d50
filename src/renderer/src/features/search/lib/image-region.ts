import type { SearchRegion } from '@shared/contract/image-search';

// 框选区域: a box on the query image in fractions (0–1) of its width and height, as the search
// calls take it. Everything here is pure, so pointer and keyboard share one set of rules.

/** The smallest box side, so a box never collapses to nothing. */
export const REGION_MIN_SIDE = 0.05;
/** A new box starts on the middle of the image. */
export const REGION_DEFAULT: SearchRegion = { x: 0.2, y: 0.2, w: 0.6, h: 0.6 };
/** Arrow keys move or resize by this much; with Alt by a fifth of it. */
export const REGION_KEY_STEP = 0.02;

/** Which part of the box a drag holds: its body (move) or a corner (resize). */
export type RegionHandle = 'move' | 'nw' | 'ne' | 'sw' | 'se';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Four decimals: enough for a 1000 px image, and stable in a query key. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The box inside the image, at least the minimum side, rounded. */
export function normaliseRegion(region: SearchRegion): SearchRegion {
  const w = clamp(region.w, REGION_MIN_SIDE, 1);
  const h = clamp(region.h, REGION_MIN_SIDE, 1);
  return {
    x: round(clamp(region.x, 0, 1 - w)),
    y: round(clamp(region.y, 0, 1 - h)),
    w: round(w),
    h: round(h),
  };
}

/** Whether the box covers the whole image (then no region is sent). */
export const isWholeImage = (region: SearchRegion): boolean =>
  region.x <= 0.001 && region.y <= 0.001 && region.w >= 0.999 && region.h >= 0.999;

/** The box after a drag of (dx, dy) — in fractions of the image — on one handle. */
export function dragRegion(
  start: SearchRegion,
  handle: RegionHandle,
  dx: number,
  dy: number,
): SearchRegion {
  if (handle === 'move') {
    return normaliseRegion({
      ...start,
      x: clamp(start.x + dx, 0, 1 - start.w),
      y: clamp(start.y + dy, 0, 1 - start.h),
    });
  }
  let left = start.x;
  let top = start.y;
  let right = start.x + start.w;
  let bottom = start.y + start.h;
  if (handle === 'nw' || handle === 'sw') left = clamp(left + dx, 0, right - REGION_MIN_SIDE);
  else right = clamp(right + dx, left + REGION_MIN_SIDE, 1);
  if (handle === 'nw' || handle === 'ne') top = clamp(top + dy, 0, bottom - REGION_MIN_SIDE);
  else bottom = clamp(bottom + dy, top + REGION_MIN_SIDE, 1);
  return normaliseRegion({ x: left, y: top, w: right - left, h: bottom - top });
}

/** A box drawn from one point to another (either corner first). */
export function regionBetween(
  a: { x: number; y: number },
  b: { x: number; y: number },
): SearchRegion {
  const x = clamp(Math.min(a.x, b.x), 0, 1);
  const y = clamp(Math.min(a.y, b.y), 0, 1);
  return normaliseRegion({
    x,
    y,
    w: clamp(Math.max(a.x, b.x), 0, 1) - x,
    h: clamp(Math.max(a.y, b.y), 0, 1) - y,
  });
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The box after a key: arrows move it, Shift+arrows resize it from its bottom-right corner; Alt
 * makes the step finer. Null for any other key.
 */
export function keyRegion(
  region: SearchRegion,
  key: string,
  { shift, alt }: { shift: boolean; alt: boolean },
): SearchRegion | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const step = alt ? REGION_KEY_STEP / 5 : REGION_KEY_STEP;
  const [dx, dy] = [arrow[0] * step, arrow[1] * step];
  return dragRegion(region, shift ? 'se' : 'move', dx, dy);
}
