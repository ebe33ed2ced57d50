// The printed region of a photo (issue 15): a buyer's photo of a pillow, a shirt, a screen or a
// scanned page shows the print on a backdrop, a bezel or a page margin, and a descriptor of the
// whole frame describes those as much as the print. This finds the part of the frame that is not
// backdrop, so the query can also be described from inside it.
//
// General, not tuned to any one kind of photo: the backdrop is whatever grows inwards from the
// frame's edge through flat cells (little variation inside a cell) with small steps between
// neighbours — a plain wall, a table, a bezel, a paper margin, lit unevenly or not. The print is
// the rest; the query view is the largest axis-aligned rectangle inside it. A frame whose edge is
// mostly not flat (a full-frame pattern) or that is nearly all flat (a plain or very faint
// texture seen whole) has no backdrop to remove, and the image is left whole.
import type { Pixels, Region } from './descriptors';

/** Thresholds of the region finder, chosen on the benchmark's photos (docs/image-search.md). */
export const REGION_TUNING = {
  /** Cells are squares of this many normalised pixels (4 px of 128: 32 cells on the short side). */
  cell: 4,
  /**
   * A cell is flat when the standard deviation of each colour channel in it is under this (0–255):
   * above sensor noise, JPEG and a lighting gradient over one cell, under a print's own texture.
   */
  flatStd: 6,
  /** Flat neighbours belong to the same backdrop when their mean colours differ by less (max channel). */
  step: 6,
  /** Share of the edge cells that must be backdrop for the frame to have one at all. */
  minEdgeBackdrop: 0.6,
  /** The print's rectangle must cover at least this share of the frame... */
  minArea: 0.12,
  /** ...and at most this share (more: nothing worth removing). */
  maxArea: 0.8,
  /** Longest side over shortest side of the rectangle. */
  maxAspect: 3,
  /** Cells cut from each side of the rectangle (its edge cells mix print and backdrop). */
  inset: 1,
};

type Grid = { cols: number; rows: number; mean: Float32Array; std: Float32Array };

function cellGrid(p: Pixels, cell: number): Grid {
  const cols = Math.floor(p.width / cell);
  const rows = Math.floor(p.height / cell);
  const mean = new Float32Array(cols * rows * 3);
  const std = new Float32Array(cols * rows);
  const n = cell * cell;
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let rr = 0;
      let gg = 0;
      let bb = 0;
      for (let y = cy * cell; y < (cy + 1) * cell; y++) {
        for (let x = cx * cell; x < (cx + 1) * cell; x++) {
          const o = (y * p.width + x) * 3;
          const R = p.rgb[o]!;
          const G = p.rgb[o + 1]!;
          const B = p.rgb[o + 2]!;
          r += R;
          g += G;
          b += B;
          rr += R * R;
          gg += G * G;
          bb += B * B;
        }
      }
      const c = cy * cols + cx;
      mean[c * 3] = r / n;
      mean[c * 3 + 1] = g / n;
      mean[c * 3 + 2] = b / n;
      const variance = Math.max(
        rr / n - (r / n) ** 2,
        gg / n - (g / n) ** 2,
        bb / n - (b / n) ** 2,
      );
      std[c] = Math.sqrt(Math.max(0, variance));
    }
  }
  return { cols, rows, mean, std };
}

/** Cells reached from the frame's edge through flat cells with small steps: the backdrop. */
function backdropCells(grid: Grid, flatStd: number, step: number): Uint8Array {
  const { cols, rows, mean, std } = grid;
  const backdrop = new Uint8Array(cols * rows);
  const queue: number[] = [];
  const flat = (c: number) => std[c]! < flatStd;
  for (let c = 0; c < cols * rows; c++) {
    const x = c % cols;
    const y = (c - x) / cols;
    const edge = x === 0 || y === 0 || x === cols - 1 || y === rows - 1;
    if (edge && flat(c)) {
      backdrop[c] = 1;
      queue.push(c);
    }
  }
  const close = (a: number, b: number) =>
    Math.abs(mean[a * 3]! - mean[b * 3]!) < step &&
    Math.abs(mean[a * 3 + 1]! - mean[b * 3 + 1]!) < step &&
    Math.abs(mean[a * 3 + 2]! - mean[b * 3 + 2]!) < step;
  for (let head = 0; head < queue.length; head++) {
    const c = queue[head]!;
    const x = c % cols;
    const visit = (d: number) => {
      if (backdrop[d] || !flat(d) || !close(c, d)) return;
      backdrop[d] = 1;
      queue.push(d);
    };
    if (x > 0) visit(c - 1);
    if (x < cols - 1) visit(c + 1);
    if (c >= cols) visit(c - cols);
    if (c < cols * (rows - 1)) visit(c + cols);
  }
  return backdrop;
}

/** Largest axis-aligned rectangle of cells where `inside` is set (histogram method), or null. */
function largestRectangle(
  inside: Uint8Array,
  cols: number,
  rows: number,
  maxAspect: number,
): { x: number; y: number; w: number; h: number } | null {
  const heights = new Int32Array(cols);
  let best: { x: number; y: number; w: number; h: number } | null = null;
  let bestArea = 0;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) heights[x] = inside[y * cols + x] ? heights[x]! + 1 : 0;
    // For each column as the lowest bar, the widest run of bars at least as tall. O(cols²) a row
    // at 32–96 columns is cheaper than the stack's bookkeeping matters.
    for (let x = 0; x < cols; x++) {
      const h = heights[x]!;
      if (h === 0) continue;
      let left = x;
      while (left > 0 && heights[left - 1]! >= h) left--;
      let right = x;
      while (right < cols - 1 && heights[right + 1]! >= h) right++;
      // Clip the width to the aspect limit, keeping the rectangle centred on its run.
      let w = right - left + 1;
      let hh = h;
      if (w > hh * maxAspect) {
        const keep = Math.floor(hh * maxAspect);
        left += (w - keep) >> 1;
        w = keep;
      }
      if (hh > w * maxAspect) hh = Math.floor(w * maxAspect);
      const area = w * hh;
      if (area > bestArea) {
        bestArea = area;
        best = { x: left, y: y - hh + 1, w, h: hh };
      }
    }
  }
  return best;
}

/**
 * The printed region of a normalised image, as fractions of it, or null when the frame has no
 * backdrop to remove (the print fills it, or the image is flat all over).
 */
export function findPrintedRegion(p: Pixels, tuning = REGION_TUNING): Region | null {
  const grid = cellGrid(p, tuning.cell);
  const { cols, rows } = grid;
  if (cols < 8 || rows < 8) return null;
  const backdrop = backdropCells(grid, tuning.flatStd, tuning.step);
  let edgeCells = 0;
  let edgeBackdrop = 0;
  for (let c = 0; c < cols * rows; c++) {
    const x = c % cols;
    const y = (c - x) / cols;
    if (x === 0 || y === 0 || x === cols - 1 || y === rows - 1) {
      edgeCells++;
      edgeBackdrop += backdrop[c]!;
    }
  }
  if (edgeBackdrop < tuning.minEdgeBackdrop * edgeCells) return null;
  const print = backdrop.map((b) => 1 - b);
  const rect = largestRectangle(print, cols, rows, tuning.maxAspect);
  if (!rect) return null;
  const area = (rect.w * rect.h) / (cols * rows);
  if (area < tuning.minArea || area > tuning.maxArea) return null;
  const inset = rect.w > 4 * tuning.inset && rect.h > 4 * tuning.inset ? tuning.inset : 0;
  const x0 = rect.x + inset;
  const y0 = rect.y + inset;
  const w = rect.w - 2 * inset;
  const h = rect.h - 2 * inset;
  // Cells cover floor(width / cell) columns; a fraction of the whole image stays exact enough.
  const sx = (cols * tuning.cell) / p.width;
  const sy = (rows * tuning.cell) / p.height;
  return { x: (x0 / cols) * sx, y: (y0 / rows) * sy, w: (w / cols) * sx, h: (h / rows) * sy };
}

/** Box blur of one channel plane, radius `r`, edges clamped (three passes approximate a Gaussian). */
function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const n = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let d = -r; d <= r; d++) s += src[y * w + Math.min(w - 1, Math.max(0, x + d))]!;
      tmp[y * w + x] = s / n;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let d = -r; d <= r; d++) s += tmp[Math.min(h - 1, Math.max(0, y + d)) * w + x]!;
      out[y * w + x] = s / n;
    }
  }
  return out;
}

/**
 * The image with its slow light changes divided out — shading over folds, a glare spot, a lamp's
 * fall-off — keeping each channel's mean: what a faint texture looks like under even light.
 */
export function flattenIllumination(p: Pixels, radius = 10): Pixels {
  const { width: w, height: h } = p;
  const rgb = new Uint8Array(p.rgb.length);
  const grey = new Float32Array(w * h);
  for (let i = 0, j = 0; i < grey.length; i++, j += 3) {
    grey[i] = 0.299 * p.rgb[j]! + 0.587 * p.rgb[j + 1]! + 0.114 * p.rgb[j + 2]!;
  }
  let light: Float32Array = grey;
  for (let pass = 0; pass < 3; pass++) light = boxBlur(light, w, h, radius);
  let mean = 0;
  for (const v of grey) mean += v;
  mean /= grey.length;
  for (let i = 0, j = 0; i < grey.length; i++, j += 3) {
    const gain = mean / Math.max(8, light[i]!);
    for (let k = 0; k < 3; k++) {
      const v = p.rgb[j + k]! * gain;
      rgb[j + k] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return { rgb, width: w, height: h };
}
