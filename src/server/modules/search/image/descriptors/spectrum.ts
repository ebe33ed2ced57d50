// Spectrum: the power spectrum of a view's central square (periodic component), pooled into
// log-polar cells, the invariant ring profile and angular harmonics of the structure block, and
// the fine low-frequency magnitude spectrum (with its rotation/flip permutations) used for 同款.
import { fft2d } from '../fft';
import {
  FINE_RADIUS,
  HARMONICS,
  NORMALISED_SIDE,
  SPECTRUM_ANGLES,
  SPECTRUM_RINGS,
  SPECTRUM_R_MAX,
  SPECTRUM_R_MIN,
  TEXTURE_DIMS,
  normaliseInPlace,
} from './layout';

const SPECTRUM_SIZE = NORMALISED_SIDE;

type SpectrumTable = { src: Int32Array; cell: Int32Array; weight: Float32Array };

/** For each spectrum sample of the upper half-plane: the 4 log-polar cells it spreads into. */
const SPECTRUM_TABLE: SpectrumTable = (() => {
  const n = SPECTRUM_SIZE;
  const src: number[] = [];
  const cell: number[] = [];
  const weight: number[] = [];
  const logMin = Math.log(SPECTRUM_R_MIN);
  const logSpan = Math.log(SPECTRUM_R_MAX) - logMin;
  for (let ky = 0; ky < n / 2; ky++) {
    for (let kx = -n / 2 + 1; kx < n / 2; kx++) {
      if (ky === 0 && kx <= 0) continue;
      const r = Math.hypot(kx, ky);
      if (r < SPECTRUM_R_MIN * 0.8 || r > SPECTRUM_R_MAX) continue;
      const fr = Math.min(
        SPECTRUM_RINGS - 1,
        Math.max(0, ((Math.log(r) - logMin) / logSpan) * SPECTRUM_RINGS - 0.5),
      );
      const theta = Math.atan2(ky, kx);
      const fa = (theta / Math.PI) * SPECTRUM_ANGLES - 0.5;
      const r0 = Math.floor(fr);
      const r1 = Math.min(SPECTRUM_RINGS - 1, r0 + 1);
      const wr = fr - r0;
      const a0f = Math.floor(fa);
      const wa = fa - a0f;
      const a0 = ((a0f % SPECTRUM_ANGLES) + SPECTRUM_ANGLES) % SPECTRUM_ANGLES;
      const a1 = (a0 + 1) % SPECTRUM_ANGLES;
      const index = ky * n + ((kx + n) % n);
      for (const [ri, w1] of [
        [r0, 1 - wr],
        [r1, wr],
      ] as const) {
        for (const [ai, w2] of [
          [a0, 1 - wa],
          [a1, wa],
        ] as const) {
          if (w1 * w2 <= 0) continue;
          src.push(index);
          cell.push(ri * SPECTRUM_ANGLES + ai);
          weight.push(w1 * w2);
        }
      }
    }
  }
  return {
    src: Int32Array.from(src),
    cell: Int32Array.from(cell),
    weight: Float32Array.from(weight),
  };
})();

/** Half-plane of low frequencies, |kx|, ky ≤ FINE_RADIUS, as (kx, ky) pairs and spectrum indices. */
const FINE_KS: readonly (readonly [number, number])[] = (() => {
  const ks: [number, number][] = [];
  for (let ky = 0; ky <= FINE_RADIUS; ky++) {
    for (let kx = -FINE_RADIUS; kx <= FINE_RADIUS; kx++) if (ky > 0 || kx > 0) ks.push([kx, ky]);
  }
  return ks;
})();
export const FINE_DIMS = FINE_KS.length;
const FINE_SOURCE = Int32Array.from(
  FINE_KS.map(([kx, ky]) => ky * SPECTRUM_SIZE + ((kx + SPECTRUM_SIZE) % SPECTRUM_SIZE)),
);

/**
 * Index permutations taking a fine grid to the grid of the image turned 90°, mirrored, and both.
 * The magnitude spectrum of a real image is symmetric about the origin, so these 4 (with the
 * identity) cover all 8 rotations and flips.
 */
export const FINE_SYMMETRIES: readonly Int32Array[] = (() => {
  const at = new Map(FINE_KS.map(([kx, ky], i) => [`${kx},${ky}`, i]));
  const canonical = (kx: number, ky: number): number => {
    const [x, y] = ky < 0 || (ky === 0 && kx < 0) ? [-kx, -ky] : [kx, ky];
    const i = at.get(`${x},${y}`);
    if (i === undefined) throw new Error('fine grid is not closed under symmetry');
    return i;
  };
  const maps: ((kx: number, ky: number) => [number, number])[] = [
    (kx, ky) => [kx, ky],
    (kx, ky) => [-ky, kx],
    (kx, ky) => [-kx, ky],
    (kx, ky) => [ky, kx],
  ];
  return maps.map((f) => Int32Array.from(FINE_KS.map(([kx, ky]) => canonical(...f(kx, ky)))));
})();

/** Ring (rounded |k|) of each fine dimension; symmetries keep every dimension on its ring. */
export const FINE_RING: Int32Array = Int32Array.from(
  FINE_KS.map(([kx, ky]) => Math.round(Math.hypot(kx, ky))),
);
const FINE_RING_COUNT = Math.max(...FINE_RING) + 1;
/**
 * After whitening, lower rings count more: JPEG at low contrast and resizing wipe the highest
 * fine frequencies first (on subtle textures at JPEG 30, rings past ~9 of 17 barely correlate
 * with the original's), so they are weighted 1 / (1 + (r / 8)²).
 */
const RING_WEIGHT = Float64Array.from(
  { length: FINE_RING_COUNT },
  (_, r) => 1 / (1 + (r / 8) ** 2),
);

/**
 * Orbit of each fine dimension under the 8 turns and flips: (kx, ky) and (ky, kx) with any signs
 * are one orbit. Averaging within orbits gives a signature that no turn, flip or offset changes.
 */
export const FINE_ORBIT: Int32Array = (() => {
  const names = new Map<string, number>();
  return Int32Array.from(
    FINE_KS.map(([kx, ky]) => {
      const a = Math.abs(kx);
      const b = Math.abs(ky);
      const key = `${Math.max(a, b)},${Math.min(a, b)}`;
      if (!names.has(key)) names.set(key, names.size);
      return names.get(key)!;
    }),
  );
})();
export const FINE_ORBITS = Math.max(...FINE_ORBIT) + 1;
if (FINE_ORBITS !== TEXTURE_DIMS) throw new Error('texture signature length does not match layout');

/**
 * The fine spectrum whitened ring by ring: each ring's mean removed and its spread divided out,
 * then unit length. Every image's spectrum falls with frequency in much the same way (paper, cloth,
 * noise: all ~1/f), and that shared fall made any two textures correlate ~0.8; whitened, what is
 * left is where this image has more or less energy than its neighbours at the same frequency — its
 * own fingerprint. Contrast and brightness changes scale the whole spectrum and cancel here. Works
 * on stored (quantised, scaled) fine spectra too: the ring statistics are scale-free.
 */
export function whitenFine(
  fine: ArrayLike<number>,
  out: Float32Array = new Float32Array(FINE_DIMS),
): Float32Array {
  const sum = new Float64Array(FINE_RING_COUNT);
  const sq = new Float64Array(FINE_RING_COUNT);
  const count = new Float64Array(FINE_RING_COUNT);
  for (let i = 0; i < FINE_DIMS; i++) {
    const r = FINE_RING[i]!;
    const v = fine[i]!;
    sum[r]! += v;
    sq[r]! += v * v;
    count[r]! += 1;
  }
  let spread = 0;
  for (let r = 0; r < FINE_RING_COUNT; r++) {
    if (count[r]! === 0) continue;
    const mean = sum[r]! / count[r]!;
    sq[r] = Math.sqrt(Math.max(0, sq[r]! / count[r]! - mean * mean));
    sum[r] = mean;
    spread += sq[r]!;
  }
  // A floor on the spread: a ring that is nearly flat (a clean lattice between its harmonics)
  // must not blow its rounding noise up to full weight.
  const floor = (spread / FINE_RING_COUNT) * 0.25 + 1e-9;
  let norm = 0;
  for (let i = 0; i < FINE_DIMS; i++) {
    const r = FINE_RING[i]!;
    const v = (RING_WEIGHT[r]! * (fine[i]! - sum[r]!)) / (sq[r]! + floor);
    out[i] = v;
    norm += v * v;
  }
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < FINE_DIMS; i++) out[i] = out[i]! * inv;
  return out;
}

/** Orbit means of a whitened fine spectrum, unit length: turn-, flip- and offset-free. */
export function textureSignature(whitened: Float32Array): Float32Array {
  const sums = new Float64Array(FINE_ORBITS);
  const counts = new Float64Array(FINE_ORBITS);
  for (let i = 0; i < FINE_DIMS; i++) {
    sums[FINE_ORBIT[i]!]! += whitened[i]!;
    counts[FINE_ORBIT[i]!]! += 1;
  }
  const out = new Float32Array(FINE_ORBITS);
  for (let o = 0; o < FINE_ORBITS; o++) out[o] = sums[o]! / Math.sqrt(counts[o]!);
  normaliseInPlace(out);
  return out;
}

const POISSON_DENOM = (() => {
  const n = SPECTRUM_SIZE;
  const d = new Float64Array(n * n);
  for (let q = 0; q < n; q++) {
    for (let r = 0; r < n; r++) {
      d[q * n + r] = 2 * Math.cos((2 * Math.PI * q) / n) + 2 * Math.cos((2 * Math.PI * r) / n) - 4;
    }
  }
  return d;
})();

/**
 * Power spectrum of the periodic component (Moisan's periodic + smooth decomposition) of the
 * central square: a seamless tile is unchanged, while a crop loses the cross-shaped artefact its
 * borders would add, without the blur a window would cause.
 */
function powerSpectrum(
  gray: Float32Array,
  w: number,
  h: number,
): { power: Float64Array; raw: Float64Array } {
  const n = SPECTRUM_SIZE;
  const ox = (w - n) >> 1;
  const oy = (h - n) >> 1;
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  const bre = new Float64Array(n * n);
  const bim = new Float64Array(n * n);
  let mean = 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const v = gray[(y + oy) * w + x + ox]!;
      re[y * n + x] = v;
      mean += v;
    }
  }
  mean /= n * n;
  for (let i = 0; i < n * n; i++) re[i] = re[i]! - mean;
  for (let x = 0; x < n; x++) {
    const d = re[(n - 1) * n + x]! - re[x]!;
    bre[x] = bre[x]! + d;
    bre[(n - 1) * n + x] = bre[(n - 1) * n + x]! - d;
  }
  for (let y = 0; y < n; y++) {
    const d = re[y * n + n - 1]! - re[y * n]!;
    bre[y * n] = bre[y * n]! + d;
    bre[y * n + n - 1] = bre[y * n + n - 1]! - d;
  }
  fft2d(re, im, n);
  fft2d(bre, bim, n);
  const power = new Float64Array(n * n);
  const raw = new Float64Array(n * n);
  for (let i = 1; i < n * n; i++) {
    const denom = POISSON_DENOM[i]!;
    const pr = re[i]! - bre[i]! / denom;
    const pi = im[i]! - bim[i]! / denom;
    power[i] = pr * pr + pi * pi;
    raw[i] = re[i]! * re[i]! + im[i]! * im[i]!;
  }
  return { power, raw };
}

/** Log energy in each log-polar cell; also the invariant ring profile and angular harmonics. */
export function spectrumFeatures(gray: Float32Array, w: number, h: number) {
  const { power, raw } = powerSpectrum(gray, w, h);
  const cells = new Float64Array(SPECTRUM_RINGS * SPECTRUM_ANGLES);
  const { src, cell, weight } = SPECTRUM_TABLE;
  for (let k = 0; k < src.length; k++) cells[cell[k]!]! += power[src[k]!]! * weight[k]!;
  let total = 0;
  for (let i = 0; i < cells.length; i++) total += cells[i]!;
  const floor = (total / cells.length) * 1e-4 + 1e-9;

  const grid = new Float32Array(cells.length);
  for (let i = 0; i < cells.length; i++) grid[i] = Math.log(cells[i]! + floor);
  centreAndNormalise(grid);

  const rings = new Float32Array(SPECTRUM_RINGS);
  const harmonics = new Float32Array(SPECTRUM_RINGS * HARMONICS);
  for (let r = 0; r < SPECTRUM_RINGS; r++) {
    let sum = 0;
    for (let a = 0; a < SPECTRUM_ANGLES; a++) sum += cells[r * SPECTRUM_ANGLES + a]!;
    rings[r] = Math.log(sum + floor);
    for (let k = 1; k <= HARMONICS; k++) {
      let c = 0;
      let s = 0;
      for (let a = 0; a < SPECTRUM_ANGLES; a++) {
        const phase = (2 * Math.PI * k * a) / SPECTRUM_ANGLES;
        const v = cells[r * SPECTRUM_ANGLES + a]!;
        c += v * Math.cos(phase);
        s += v * Math.sin(phase);
      }
      harmonics[r * HARMONICS + k - 1] = Math.hypot(c, s) / (sum + floor);
    }
  }
  centreAndNormalise(rings);
  normaliseInPlace(harmonics);

  const fine = new Float32Array(FINE_DIMS);
  // The raw spectrum, not the periodic component's: on a seamless tile the decomposition depends on
  // where the edges fall, so it is not offset-invariant, and a whole-image copy has the same borders
  // as its original anyway (crops are matched by the views, which use the periodic component).
  for (let i = 0; i < FINE_DIMS; i++) fine[i] = Math.sqrt(Math.sqrt(raw[FINE_SOURCE[i]!]!));
  centreAndNormalise(fine);
  return { grid, rings, harmonics, fine };
}

function centreAndNormalise(v: Float32Array): void {
  let mean = 0;
  for (let i = 0; i < v.length; i++) mean += v[i]!;
  mean /= v.length;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! - mean;
  normaliseInPlace(v);
}
