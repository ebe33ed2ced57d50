// The layout of an image descriptor: its version, the sizes and parameters its parts share, and
// its types. The parts are computed in resampling.ts (normalised copies), spectrum.ts, hashing.ts
// and colour.ts, stored by serialisation.ts, and put together by ../descriptors.ts.

/** Bump when extraction changes: stored descriptors of another version are recomputed. */
export const DESCRIPTOR_VERSION = 6;

/** Side, in pixels, of the short side of the normalised copy every feature is computed from. */
export const NORMALISED_SIDE = 128;
/** Longest side kept after normalising, so a panorama does not cost more than a square. */
export const MAX_NORMALISED_LONG_SIDE = 384;
/** Centre crops (fraction of the side) indexed besides the whole image. */
export const INDEX_VIEW_CROPS = [0.7, 0.5] as const;
/** Indexed originals are first reduced to this long side; views are cut from that copy. */
export const INDEX_WORKING_SIDE = 1024;

export const SPECTRUM_RINGS = 10;
export const SPECTRUM_ANGLES = 12;
export const SPECTRUM_R_MIN = 2;
export const SPECTRUM_R_MAX = 64;
export const HARMONICS = 3;
/** Highest frequency (cycles per 128 px) of the fine spectrum kept for exact-copy matching. */
export const FINE_RADIUS = 12;
export const PALETTE_SIZE = 6;
export const ADJACENCY_DIMS = (PALETTE_SIZE * (PALETTE_SIZE + 1)) / 2;
export const ADJACENCY_SCALES = [64, 32] as const;
export const COLOUR_BINS = { l: 4, a: 4, b: 4 } as const;
export const COLOUR_DIMS = COLOUR_BINS.l * COLOUR_BINS.a * COLOUR_BINS.b;
/**
 * Length of the texture signature (version 6): one value per orbit of the fine grid under turns
 * and flips — the pairs 0 ≤ b ≤ a ≤ FINE_RADIUS but (0, 0).
 */
export const TEXTURE_DIMS = ((FINE_RADIUS + 1) * (FINE_RADIUS + 2)) / 2 - 1;

/** Length of the structure block (colour-free) of the coarse vector. */
export const STRUCTURE_DIMS =
  SPECTRUM_RINGS +
  SPECTRUM_RINGS * HARMONICS +
  PALETTE_SIZE +
  ADJACENCY_DIMS * ADJACENCY_SCALES.length +
  TEXTURE_DIMS;
/** Length of the coarse vector: structure block, then colour block, each of unit length. */
export const COARSE_DIMS = STRUCTURE_DIMS + COLOUR_DIMS;
export const SPECTRUM_DIMS = SPECTRUM_RINGS * SPECTRUM_ANGLES;

/** Weights of the parts of the structure block, chosen with the benchmark (docs/benchmarks.md). */
export const STRUCTURE_WEIGHTS = {
  rings: 1,
  harmonics: 0.6,
  areas: 0.5,
  adjacency: 1,
  texture: 0.4,
};

export type PaletteColour = { color: string; ratio: number };

/** One view of an image: the whole of it, or a centre crop of an indexed work. */
export type ViewDescriptor = {
  /** Stage-one vector: [structure | colour], each block L2-normalised. */
  coarse: Float32Array;
  /** Log-polar power spectrum, rings × angles, zero-mean and unit length. */
  spectrum: Float32Array;
};

export type ImageDescriptor = {
  /** HASH_BITS spectral-magnitude bits; see `hashVariants` for the 8 orientations. */
  hash: Uint32Array;
  /** views[0] is the whole image; indexed works add INDEX_VIEW_CROPS. */
  views: ViewDescriptor[];
  /**
   * Low-frequency magnitude spectrum of the whole image (power^¼, zero-mean, unit length): the same
   * for any repeat offset, permuted by rotations and flips (FINE_SYMMETRIES).
   */
  fine: Float32Array;
  /** Dominant colours of the whole image, largest first. */
  palette: PaletteColour[];
};

export type Pixels = { rgb: Uint8Array; width: number; height: number };

/** A box on the image in fractions of its width and height. */
export type Region = { x: number; y: number; w: number; h: number };

/** Scales v[from, to) to unit length (all zeros stay zeros). */
export function normaliseInPlace(v: Float32Array, from = 0, to = v.length): void {
  let sum = 0;
  for (let i = from; i < to; i++) sum += v[i]! * v[i]!;
  const inv = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let i = from; i < to; i++) v[i] = v[i]! * inv;
}
