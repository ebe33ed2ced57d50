import {
  FINE_SYMMETRIES,
  SPECTRUM_ANGLES,
  SPECTRUM_RINGS,
  STRUCTURE_DIMS,
  dihedralHamming,
  hashVariants,
  whitenFine,
} from './descriptors';
import type { CompactDescriptor } from './compact';
import { fineOf, viewOf } from './compact';
import type { ImageDescriptor, ViewDescriptor } from './descriptors';

// Stage two: a close comparison of the query with each stage-one candidate (its best view).

/** Ring shifts tried (half-octave rings): views already match the scale of crops to ±1 ring. */
const RING_SHIFTS = [-1, 0, 1] as const;

/** Weights and thresholds of stage two, chosen with the benchmark (docs/benchmarks.md). */
export const MATCH_WEIGHTS = {
  /** Share of the (whitened) fine spectrum when it raises the structure score. */
  fine: 0.7,
  /** Share of the aligned view spectrum (the rest: the coarse structure block). */
  spectrum: 0.3,
  /** Weight of the colour histogram added to the colour-blind structure score. */
  colour: 0.4,
  /** Fine-spectrum correlation from which a result is the same work (同款). */
  sameFine: 0.96,
  /**
   * A 同款 must also score within this of the best result: a look-alike lattice in other colours
   * can pass the spectrum test, but not ahead of the true copy.
   */
  sameMargin: 0.1,
  /** Hash distance (of 128 bits) at or under which two images are the same picture. */
  exactHamming: 3,
};

export type PreparedQuery = {
  descriptor: ImageDescriptor;
  view: ViewDescriptor;
  variants: Uint32Array;
  /** The spectrum grid mirrored along the angle axis (a flipped image). */
  mirrored: Float32Array;
  /** The fine spectrum under each of FINE_SYMMETRIES. */
  fines: Float32Array[];
  /** The whitened fine spectrum (whitenFine) under each of FINE_SYMMETRIES. */
  whitened: Float32Array[];
};

export function prepareQuery(descriptor: ImageDescriptor): PreparedQuery {
  const view = descriptor.views[0];
  if (!view) throw new Error('query without a view');
  const mirrored = new Float32Array(view.spectrum.length);
  for (let r = 0; r < SPECTRUM_RINGS; r++) {
    for (let a = 0; a < SPECTRUM_ANGLES; a++) {
      mirrored[r * SPECTRUM_ANGLES + a] =
        view.spectrum[r * SPECTRUM_ANGLES + (SPECTRUM_ANGLES - 1 - a)]!;
    }
  }
  const turned = (values: Float32Array) =>
    FINE_SYMMETRIES.map((perm) => {
      const out = new Float32Array(perm.length);
      for (let i = 0; i < perm.length; i++) out[perm[i]!] = values[i]!;
      return out;
    });
  // Symmetries keep every frequency on its ring, so whitening commutes with them.
  return {
    descriptor,
    view,
    variants: hashVariants(descriptor.hash),
    mirrored,
    fines: turned(descriptor.fine),
    whitened: turned(whitenFine(descriptor.fine)),
  };
}

/**
 * Best Pearson correlation of two log-polar spectra over rotations (angle shifts), mirror images
 * and small scale changes (ring shifts).
 */
export function spectrumSimilarity(query: PreparedQuery, item: ArrayLike<number>): number {
  const A = SPECTRUM_ANGLES;
  const spectrum = query.view.spectrum;
  let best = -1;
  for (const s of RING_SHIFTS) {
    const r0 = Math.max(0, -s);
    const r1 = Math.min(SPECTRUM_RINGS, SPECTRUM_RINGS - s);
    const m = (r1 - r0) * A;
    let sq = 0;
    let sqq = 0;
    let sx = 0;
    let sxx = 0;
    for (let i = r0 * A; i < r1 * A; i++) {
      const q = spectrum[i]!;
      const x = item[i + s * A]!;
      sq += q;
      sqq += q * q;
      sx += x;
      sxx += x * x;
    }
    const denom = Math.sqrt(Math.max(1e-12, (sqq - (sq * sq) / m) * (sxx - (sx * sx) / m)));
    const offset = (sq * sx) / m;
    for (let g = 0; g < 2; g++) {
      const grid = g === 0 ? spectrum : query.mirrored;
      for (let d = 0; d < A; d++) {
        let dot = 0;
        for (let r = r0; r < r1; r++) {
          const qr = r * A;
          const xr = (r + s) * A;
          for (let a = 0; a < A - d; a++) dot += grid[qr + a]! * item[xr + a + d]!;
          for (let a = A - d; a < A; a++) dot += grid[qr + a]! * item[xr + a + d - A]!;
        }
        const corr = (dot - offset) / denom;
        if (corr > best) best = corr;
      }
    }
  }
  return best;
}

/** Best correlation of the whitened fine spectra over the rotations and flips. */
export function whitenedSimilarity(query: PreparedQuery, item: ArrayLike<number>): number {
  const w = whitenFine(item, scratch);
  let best = -Infinity;
  for (const grid of query.whitened) {
    let s = 0;
    for (let i = 0; i < grid.length; i++) s += grid[i]! * w[i]!;
    if (s > best) best = s;
  }
  return best;
}
const scratch = new Float32Array(FINE_SYMMETRIES[0]!.length);

/** Best correlation of the fine spectra over the rotations and flips (`item` × `scale` is unit). */
export function fineSimilarity(query: PreparedQuery, item: ArrayLike<number>, scale = 1): number {
  let best = -Infinity;
  for (const grid of query.fines) {
    let s = 0;
    for (let i = 0; i < grid.length; i++) s += grid[i]! * item[i]!;
    if (s > best) best = s;
  }
  return best * scale;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i]! * b[i]!;
  return s;
}

/** The parts of a comparison that cost little; the spectrum alignment is added for the best few. */
export type Comparison = {
  coarse: number;
  colour: number;
  fine: number;
  /** The same over whitened fine spectra (whitenFine): the copy's fingerprint, for ranking. */
  texture: number;
  /** Set once the view spectra have been aligned. */
  spectrum: number | null;
};

/** Compares the query with a candidate's view (the one stage one found closest), cheaply. */
export function compareCheaply(
  query: PreparedQuery,
  item: CompactDescriptor,
  viewIndex: number,
): Comparison {
  const q = query.view.coarse;
  const view = viewOf(item, viewIndex);
  const fine = fineOf(item);
  // A copy of the work's public preview carries its watermark: it is compared with the preview's own
  // spectrum too, and the closer of the two counts.
  const publicFine = item.publicFine
    ? fineSimilarity(query, item.publicFine.values, item.publicFine.scale)
    : -1;
  const publicTexture = item.publicFine ? whitenedSimilarity(query, item.publicFine.values) : -1;
  return {
    coarse: dot(q, view.coarse, 0, STRUCTURE_DIMS) * view.coarseScale,
    colour: dot(q, view.coarse, STRUCTURE_DIMS, q.length) * view.coarseScale,
    fine: Math.max(fineSimilarity(query, fine.values, fine.scale), publicFine),
    texture: Math.max(whitenedSimilarity(query, fine.values), publicTexture),
    spectrum: null,
  };
}

/**
 * Ranking score: colour-blind structure, plus colour as a tie-breaker unless ignoreColor. Without
 * the aligned spectrum the coarse structure stands in for it.
 */
export function matchScore(c: Comparison, ignoreColor: boolean): number {
  const w = MATCH_WEIGHTS;
  const spectrum = c.spectrum ?? c.coarse;
  const base = w.spectrum * spectrum + (1 - w.spectrum) * c.coarse;
  // The fine spectrum only ever raises the score: it is ~1 for a copy up to offset and turns, and
  // says nothing about a crop, which the view-matched parts judge alone.
  // The raw and the whitened correlation count half each: the raw one of any two textures shares
  // their ~1/f fall, but for a crop that fall is a weak, real cue the whitened one throws away.
  const fine = (c.fine + c.texture) / 2;
  const structure = Math.max(base, w.fine * fine + (1 - w.fine) * base);
  return structure + (ignoreColor ? 0 : w.colour * c.colour);
}

/** Confident it is the same work: recoloured, turned, offset, rescaled or recompressed. */
export function isSameWork(c: Comparison): boolean {
  return c.fine >= MATCH_WEIGHTS.sameFine;
}

/** The hash says it is the very same picture (up to rotation, flip, scale and compression). */
export function isExactCopy(query: PreparedQuery, item: { hash: Uint32Array }): boolean {
  return dihedralHamming(query.variants, item.hash) <= MATCH_WEIGHTS.exactHamming;
}
