// Colour: a Lab lookup table, the soft Lab histogram of the colour block, the dominant-colour
// clusters (named by area rank, so a recoloured copy keeps them) with their areas and adjacency
// for the structure block, and the palette swatches shown to users.
import { ADJACENCY_DIMS, COLOUR_BINS, PALETTE_SIZE, normaliseInPlace } from './layout';
import type { PaletteColour, Pixels } from './layout';
import { areaResample } from './resampling';

/** sRGB (5 bits a channel) → CIE Lab, built once: 32 768 entries. */
const LAB_LUT = (() => {
  const lut = new Float32Array(32 * 32 * 32 * 3);
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  for (let r = 0; r < 32; r++) {
    for (let g = 0; g < 32; g++) {
      for (let b = 0; b < 32; b++) {
        const [lab0, lab1, lab2] = rgbToLab(r * 8 + 4, g * 8 + 4, b * 8 + 4, lin, f);
        const i = ((r << 10) | (g << 5) | b) * 3;
        lut[i] = lab0;
        lut[i + 1] = lab1;
        lut[i + 2] = lab2;
      }
    }
  }
  return lut;
})();

function rgbToLab(
  r: number,
  g: number,
  b: number,
  lin: (c: number) => number,
  f: (t: number) => number,
): [number, number, number] {
  const R = lin(r);
  const G = lin(g);
  const B = lin(b);
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

function labAt(rgb: ArrayLike<number>, j: number): number {
  return ((rgb[j]! >> 3) << 10) | ((rgb[j + 1]! >> 3) << 5) | (rgb[j + 2]! >> 3);
}

/** Soft (trilinear) Lab histogram, 4×4×4, Hellinger-normalised. */
export function colourHistogram(p: Pixels, out: Float32Array, at: number): void {
  const { l: nl, a: na, b: nb } = COLOUR_BINS;
  const hist = new Float64Array(nl * na * nb);
  const n = p.width * p.height;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const k = labAt(p.rgb, j) * 3;
    const fl = Math.min(nl - 1, Math.max(0, (LAB_LUT[k]! / 100) * nl - 0.5));
    const fa = Math.min(na - 1, Math.max(0, ((LAB_LUT[k + 1]! + 60) / 120) * na - 0.5));
    const fb = Math.min(nb - 1, Math.max(0, ((LAB_LUT[k + 2]! + 60) / 120) * nb - 0.5));
    const l0 = Math.floor(fl);
    const a0 = Math.floor(fa);
    const b0 = Math.floor(fb);
    const wl = fl - l0;
    const wa = fa - a0;
    const wb = fb - b0;
    const l1 = Math.min(nl - 1, l0 + 1);
    const a1 = Math.min(na - 1, a0 + 1);
    const b1 = Math.min(nb - 1, b0 + 1);
    hist[(l0 * na + a0) * nb + b0]! += (1 - wl) * (1 - wa) * (1 - wb);
    hist[(l0 * na + a0) * nb + b1]! += (1 - wl) * (1 - wa) * wb;
    hist[(l0 * na + a1) * nb + b0]! += (1 - wl) * wa * (1 - wb);
    hist[(l0 * na + a1) * nb + b1]! += (1 - wl) * wa * wb;
    hist[(l1 * na + a0) * nb + b0]! += wl * (1 - wa) * (1 - wb);
    hist[(l1 * na + a0) * nb + b1]! += wl * (1 - wa) * wb;
    hist[(l1 * na + a1) * nb + b0]! += wl * wa * (1 - wb);
    hist[(l1 * na + a1) * nb + b1]! += wl * wa * wb;
  }
  for (let i = 0; i < hist.length; i++) out[at + i] = Math.sqrt(hist[i]! / n);
  normaliseInPlace(out, at, at + hist.length);
}

export function labImage(rgb: ArrayLike<number>, n: number): Float32Array {
  const lab = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const k =
      ((Math.round(rgb[i * 3]!) >> 3) << 10) |
      ((Math.round(rgb[i * 3 + 1]!) >> 3) << 5) |
      (Math.round(rgb[i * 3 + 2]!) >> 3);
    lab[i * 3] = LAB_LUT[k * 3]!;
    lab[i * 3 + 1] = LAB_LUT[k * 3 + 1]!;
    lab[i * 3 + 2] = LAB_LUT[k * 3 + 2]!;
  }
  return lab;
}

function nearest(lab: Float32Array, i: number, centres: Float64Array, k: number): number {
  let best = 0;
  let bd = Infinity;
  for (let c = 0; c < k; c++) {
    const d0 = lab[i * 3]! - centres[c * 3]!;
    const d1 = lab[i * 3 + 1]! - centres[c * 3 + 1]!;
    const d2 = lab[i * 3 + 2]! - centres[c * 3 + 2]!;
    const d = d0 * d0 + d1 * d1 + d2 * d2;
    if (d < bd) {
      bd = d;
      best = c;
    }
  }
  return best;
}

/**
 * k-means in Lab (farthest-point start, so deterministic). Centres come back sorted by area,
 * largest first: the rank, not the colour, names a cluster, so a recoloured copy keeps its ranks.
 */
export function paletteClusters(
  lab: Float32Array,
  n: number,
): { centres: Float64Array; areas: Float64Array } {
  const k = PALETTE_SIZE;
  const centres = new Float64Array(k * 3);
  const dist = new Float64Array(n).fill(Infinity);
  const mean = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) mean[c]! += lab[i * 3 + c]! / n;
  let chosen = 0;
  let bestD = Infinity;
  for (let i = 0; i < n; i++) {
    const d =
      (lab[i * 3]! - mean[0]!) ** 2 +
      (lab[i * 3 + 1]! - mean[1]!) ** 2 +
      (lab[i * 3 + 2]! - mean[2]!) ** 2;
    if (d < bestD) {
      bestD = d;
      chosen = i;
    }
  }
  for (let c = 0; c < k; c++) {
    for (let ch = 0; ch < 3; ch++) centres[c * 3 + ch] = lab[chosen * 3 + ch]!;
    let far = 0;
    let farD = -1;
    for (let i = 0; i < n; i++) {
      const d =
        (lab[i * 3]! - centres[c * 3]!) ** 2 +
        (lab[i * 3 + 1]! - centres[c * 3 + 1]!) ** 2 +
        (lab[i * 3 + 2]! - centres[c * 3 + 2]!) ** 2;
      if (d < dist[i]!) dist[i] = d;
      if (dist[i]! > farD) {
        farD = dist[i]!;
        far = i;
      }
    }
    chosen = far;
  }
  const counts = new Float64Array(k);
  for (let iter = 0; iter < 8; iter++) {
    const sums = new Float64Array(k * 3);
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const c = nearest(lab, i, centres, k);
      counts[c]! += 1;
      for (let ch = 0; ch < 3; ch++) sums[c * 3 + ch]! += lab[i * 3 + ch]!;
    }
    for (let c = 0; c < k; c++) {
      if (counts[c]! === 0) continue;
      for (let ch = 0; ch < 3; ch++) centres[c * 3 + ch] = sums[c * 3 + ch]! / counts[c]!;
    }
  }
  const order = Array.from({ length: k }, (_, c) => c).sort((a, b) => counts[b]! - counts[a]!);
  const sorted = new Float64Array(k * 3);
  const areas = new Float64Array(k);
  order.forEach((c, rank) => {
    for (let ch = 0; ch < 3; ch++) sorted[rank * 3 + ch] = centres[c * 3 + ch]!;
    areas[rank] = counts[c]! / n;
  });
  return { centres: sorted, areas };
}

/** Counts of horizontally and vertically touching cluster ranks: upper triangle with diagonal. */
export function paletteAdjacency(
  lab: Float32Array,
  side: number,
  centres: Float64Array,
  out: Float32Array,
  at: number,
): void {
  const k = PALETTE_SIZE;
  const labels = new Uint8Array(side * side);
  for (let i = 0; i < labels.length; i++) labels[i] = nearest(lab, i, centres, k);
  const m = new Float64Array(k * k);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const a = labels[y * side + x]!;
      // The right and lower neighbours wrap around: a seamless tile's edges touch each other.
      const r = labels[y * side + ((x + 1) % side)]!;
      const d = labels[((y + 1) % side) * side + x]!;
      m[a * k + r]! += 1;
      m[r * k + a]! += 1;
      m[a * k + d]! += 1;
      m[d * k + a]! += 1;
    }
  }
  let o = at;
  for (let a = 0; a < k; a++) {
    for (let b = a; b < k; b++) out[o++] = Math.sqrt(m[a * k + b]!);
  }
  normaliseInPlace(out, at, at + ADJACENCY_DIMS);
}

function hex(rgb: readonly number[]): string {
  return `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Dominant colours of a whole image, as swatches with their share of the area. */
export function swatches(p: Pixels): PaletteColour[] {
  const side = 32;
  const small = areaResample(p.rgb, p.width, p.height, 3, side, side);
  const n = side * side;
  const lab = labImage(small, n);
  const { centres } = paletteClusters(lab, n);
  const sums = new Float64Array(PALETTE_SIZE * 3);
  const counts = new Float64Array(PALETTE_SIZE);
  for (let i = 0; i < n; i++) {
    const c = nearest(lab, i, centres, PALETTE_SIZE);
    counts[c]! += 1;
    for (let ch = 0; ch < 3; ch++) sums[c * 3 + ch]! += small[i * 3 + ch]!;
  }
  return Array.from({ length: PALETTE_SIZE }, (_, c) => ({
    color: hex([0, 1, 2].map((ch) => sums[c * 3 + ch]! / Math.max(1, counts[c]!))),
    ratio: Math.round((counts[c]! / n) * 1000) / 1000,
  }))
    .filter((s) => s.ratio >= 0.02)
    .sort((a, b) => b.ratio - a.ratio);
}
