import type { Sharp } from 'sharp';
import sharp from 'sharp';
import { openImage, toRawPixels } from './decode';
import { createRandom } from '../../../platform/seeded-random';
import { fft2d } from './fft';

// Descriptors for repeat patterns, computed from small normalised copies (short side 128 px):
// - the fine spectrum: low-frequency magnitudes of the whole image, unchanged by a repeat offset
//   (a cyclic shift) and permuted by rotations and flips — the test for 同款;
// - a 128-bit hash, a SimHash of the fine spectrum whose bits only permute when the image turns;
// - per view, a colour-free structure block (ring profile and angular harmonics of the spectrum,
//   areas of the dominant colours and which of them touch which, named by area rank so a
//   recoloured copy keeps them), a colour block (soft Lab histogram) and the log-polar spectrum
//   for the close comparison of stage two.
// Indexed works also get views of their centre crops, so a crop or close-up photo of a work meets
// a view at its own scale instead of relying on scale invariance alone. docs/image-search.md has
// the reasons and docs/benchmarks.md the measurements.

/** Bump when extraction changes: stored descriptors of another version are recomputed. */
export const DESCRIPTOR_VERSION = 5;

/** Side, in pixels, of the short side of the normalised copy every feature is computed from. */
export const NORMALISED_SIDE = 128;
/** Longest side kept after normalising, so a panorama does not cost more than a square. */
const MAX_NORMALISED_LONG_SIDE = 384;
/** Centre crops (fraction of the side) indexed besides the whole image. */
export const INDEX_VIEW_CROPS = [0.7, 0.5] as const;
/** Indexed originals are first reduced to this long side; views are cut from that copy. */
const INDEX_WORKING_SIDE = 1024;

export const SPECTRUM_RINGS = 10;
export const SPECTRUM_ANGLES = 12;
const SPECTRUM_R_MIN = 2;
const SPECTRUM_R_MAX = 64;
const HARMONICS = 3;
/** Highest frequency (cycles per 128 px) of the fine spectrum kept for exact-copy matching. */
const FINE_RADIUS = 12;
export const PALETTE_SIZE = 6;
const ADJACENCY_DIMS = (PALETTE_SIZE * (PALETTE_SIZE + 1)) / 2;
const ADJACENCY_SCALES = [64, 32] as const;
const COLOUR_BINS = { l: 4, a: 4, b: 4 } as const;
export const COLOUR_DIMS = COLOUR_BINS.l * COLOUR_BINS.a * COLOUR_BINS.b;

/** Length of the structure block (colour-free) of the coarse vector. */
export const STRUCTURE_DIMS =
  SPECTRUM_RINGS +
  SPECTRUM_RINGS * HARMONICS +
  PALETTE_SIZE +
  ADJACENCY_DIMS * ADJACENCY_SCALES.length;
/** Length of the coarse vector: structure block, then colour block, each of unit length. */
export const COARSE_DIMS = STRUCTURE_DIMS + COLOUR_DIMS;
export const SPECTRUM_DIMS = SPECTRUM_RINGS * SPECTRUM_ANGLES;

/** Weights of the parts of the structure block, chosen with the benchmark (docs/benchmarks.md). */
export const STRUCTURE_WEIGHTS = { rings: 1, harmonics: 0.6, areas: 0.5, adjacency: 1 };

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

// ---------- normalisation ----------

function normalisedSize(width: number, height: number): { width: number; height: number } {
  const scale = NORMALISED_SIDE / Math.min(width, height);
  return {
    width: Math.min(MAX_NORMALISED_LONG_SIDE, Math.max(NORMALISED_SIDE, Math.round(width * scale))),
    height: Math.min(
      MAX_NORMALISED_LONG_SIDE,
      Math.max(NORMALISED_SIDE, Math.round(height * scale)),
    ),
  };
}

/** Oversampling before the anti-alias blur; see toPixels. */
const OVERSAMPLE = 4;
/** Gaussian sigma, in oversampled pixels, that removes what the 128 px grid cannot hold. */
const ANTI_ALIAS_SIGMA = 2;
/** Wrap-around margin, in normalised pixels, cut away after reducing. */
const WRAP_MARGIN = 4;

/** Pads interleaved RGB pixels by `pad` on every side with the opposite edge (a repeat tile). */
function wrapPad(data: Uint8Array, width: number, height: number, pad: number): Uint8Array {
  const w = width + 2 * pad;
  const h = height + 2 * pad;
  const out = new Uint8Array(w * h * 3);
  const row = width * 3;
  const edge = pad * 3;
  for (let y = 0; y < h; y++) {
    const sy = (((y - pad) % height) + height) % height;
    const from = sy * row;
    const to = y * w * 3;
    // [last `pad` pixels | the row | first `pad` pixels]
    out.set(data.subarray(from + row - edge, from + row), to);
    out.set(data.subarray(from, from + row), to + edge);
    out.set(data.subarray(from, from + edge), to + edge + row);
  }
  return out;
}

/**
 * Reduces to the normalised size the way a repeat pattern needs. libvips shrinks by box averaging,
 * which folds a pattern's sharp-edged harmonics onto the low frequencies, and it extends edges
 * rather than wrapping them; both made a repeat offset change the spectrum (fine correlation
 * 0.78–0.96 instead of 1). So: reduce to 4×, pad with the opposite edges, blur there (each step its
 * own pipeline: sharp blurs after resizing within one), reduce, and cut the padding away.
 */
async function toPixels(image: Sharp, width: number, height: number): Promise<Pixels> {
  const size = normalisedSize(width, height);
  const big = await toRawPixels(
    image
      .resize(size.width * OVERSAMPLE, size.height * OVERSAMPLE, { fit: 'cover', kernel: 'cubic' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha(),
  );
  const rgbOf = (raw: { data: Buffer; width: number; height: number; channels: number }) => {
    if (raw.channels === 3) return raw.data;
    const out = new Uint8Array(raw.width * raw.height * 3);
    for (let i = 0, j = 0; i < out.length; i += 3, j += raw.channels) {
      out[i] = raw.data[j]!;
      out[i + 1] = raw.data[j + 1]!;
      out[i + 2] = raw.data[j + 2]!;
    }
    return out;
  };
  const pad = WRAP_MARGIN * OVERSAMPLE;
  const padded = wrapPad(rgbOf(big), big.width, big.height, pad);
  const paddedSize = {
    width: big.width + 2 * pad,
    height: big.height + 2 * pad,
    channels: 3 as const,
  };
  const blurred = await toRawPixels(sharp(padded, { raw: paddedSize }).blur(ANTI_ALIAS_SIGMA));
  const raw = await toRawPixels(
    sharp(blurred.data, { raw: paddedSize })
      .resize(size.width + 2 * WRAP_MARGIN, size.height + 2 * WRAP_MARGIN, {
        fit: 'fill',
        kernel: 'cubic',
      })
      .extract({ left: WRAP_MARGIN, top: WRAP_MARGIN, width: size.width, height: size.height }),
  );
  return { rgb: rgbOf(raw), width: raw.width, height: raw.height };
}

/**
 * The query image: decoded with the bomb limit and EXIF orientation, cropped to `region`, flattened
 * on white and scaled to a short side of 128 px (JPEG shrink-on-load keeps a 1000 px photo cheap).
 */
export async function normaliseQuery(
  bytes: Buffer,
  region?: Region,
): Promise<{ pixels: Pixels; sourceWidth: number; sourceHeight: number }> {
  const opened = await openImage(bytes);
  let image = opened.image;
  let width = opened.width;
  let height = opened.height;
  if (region) {
    // Cut the box from oriented pixels (reduced to a bounded working size), so it is in the
    // coordinates the user saw, whatever the EXIF orientation.
    const oriented = await toRawPixels(
      image
        .resize(INDEX_WORKING_SIDE * 2, INDEX_WORKING_SIDE * 2, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .removeAlpha(),
    );
    const box = regionBox(region, oriented.width, oriented.height);
    image = sharp(oriented.data, {
      raw: { width: oriented.width, height: oriented.height, channels: 3 },
    }).extract(box);
    width = box.width;
    height = box.height;
  }
  return {
    pixels: await toPixels(image, width, height),
    sourceWidth: opened.width,
    sourceHeight: opened.height,
  };
}

/** An indexed work: the whole image and its centre crops, each normalised like a query. */
export async function normaliseForIndex(
  bytes: Buffer,
): Promise<{ views: Pixels[]; sourceWidth: number; sourceHeight: number }> {
  const opened = await openImage(bytes);
  const base = await toRawPixels(
    opened.image
      .resize(INDEX_WORKING_SIDE, INDEX_WORKING_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha(),
  );
  const from = () =>
    sharp(base.data, {
      raw: { width: base.width, height: base.height, channels: base.channels as 3 },
    });
  const views = [await toPixels(from(), base.width, base.height)];
  for (const fraction of INDEX_VIEW_CROPS) {
    const w = Math.max(8, Math.round(base.width * fraction));
    const h = Math.max(8, Math.round(base.height * fraction));
    const box = { left: (base.width - w) >> 1, top: (base.height - h) >> 1, width: w, height: h };
    views.push(await toPixels(from().extract(box), w, h));
  }
  return { views, sourceWidth: opened.width, sourceHeight: opened.height };
}

/** Pixel box of a fractional region, at least 8 px a side and inside the image. */
export function regionBox(
  region: Region,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } {
  const left = Math.max(0, Math.min(width - 8, Math.floor(region.x * width)));
  const top = Math.max(0, Math.min(height - 8, Math.floor(region.y * height)));
  const right = Math.min(width, Math.max(left + 8, Math.ceil((region.x + region.w) * width)));
  const bottom = Math.min(height, Math.max(top + 8, Math.ceil((region.y + region.h) * height)));
  return { left, top, width: right - left, height: bottom - top };
}

// ---------- small image helpers ----------

function grayOf(p: Pixels): Float32Array {
  const g = new Float32Array(p.width * p.height);
  for (let i = 0, j = 0; i < g.length; i++, j += 3) {
    g[i] = 0.299 * p.rgb[j]! + 0.587 * p.rgb[j + 1]! + 0.114 * p.rgb[j + 2]!;
  }
  return g;
}

/** Box-averages `channels`-interleaved values down to outW×outH (any ratio). */
function areaResample(
  src: ArrayLike<number>,
  w: number,
  h: number,
  channels: number,
  outW: number,
  outH: number,
): Float32Array {
  const out = new Float32Array(outW * outH * channels);
  for (let oy = 0; oy < outH; oy++) {
    const y0 = Math.floor((oy * h) / outH);
    const y1 = Math.max(y0 + 1, Math.floor(((oy + 1) * h) / outH));
    for (let ox = 0; ox < outW; ox++) {
      const x0 = Math.floor((ox * w) / outW);
      const x1 = Math.max(x0 + 1, Math.floor(((ox + 1) * w) / outW));
      const n = (y1 - y0) * (x1 - x0);
      for (let c = 0; c < channels; c++) {
        let sum = 0;
        for (let y = y0; y < y1; y++) {
          for (let x = x0; x < x1; x++) sum += src[(y * w + x) * channels + c]!;
        }
        out[(oy * outW + ox) * channels + c] = sum / n;
      }
    }
  }
  return out;
}

function normaliseInPlace(v: Float32Array, from = 0, to = v.length): void {
  let sum = 0;
  for (let i = from; i < to; i++) sum += v[i]! * v[i]!;
  const inv = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  for (let i = from; i < to; i++) v[i] = v[i]! * inv;
}

// ---------- hash ----------

/**
 * Exact-copy hash for repeat patterns: a SimHash of the fine magnitude spectrum (128 bits), so it
 * ignores repeat offsets, and its bits only permute under rotations and flips. pHash-style DCT
 * signs are noise on a seamless tile, whose lowest frequencies carry almost no energy.
 */
const HASH_BASES = 32;
export const HASH_BITS = HASH_BASES * 4;
export const HASH_WORDS = HASH_BITS / 32;

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

// ---------- spectrum ----------

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

/**
 * Random projections for the hash, in orbits: bit (j, g) is the sign of base vector j against the
 * fine spectrum turned by symmetry g, so turning the image only permutes bits within each orbit.
 */
const HASH_PROJECTIONS = (() => {
  const random = createRandom(0x5eed);
  const bases = new Float32Array(HASH_BASES * FINE_DIMS);
  for (let i = 0; i < bases.length; i++) {
    // Box–Muller: Gaussian directions make P(bit differs) = angle / π (SimHash).
    bases[i] = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  }
  return bases;
})();

/** composeSymmetry[g][h] = k such that turning by h then by g is turning by k. */
const COMPOSE_SYMMETRY: readonly number[][] = FINE_SYMMETRIES.map((pg) =>
  FINE_SYMMETRIES.map((ph) => {
    const k = FINE_SYMMETRIES.findIndex((pk) => pk.every((v, i) => v === pg[ph[i]!]));
    if (k < 0) throw new Error('fine symmetries are not a group');
    return k;
  }),
);

function spectralHash(fine: Float32Array): Uint32Array {
  const hash = new Uint32Array(HASH_WORDS);
  const symmetries = FINE_SYMMETRIES.length;
  for (let j = 0; j < HASH_BASES; j++) {
    const base = j * FINE_DIMS;
    FINE_SYMMETRIES.forEach((perm, g) => {
      // (g·x)[perm[i]] = x[i], so r · (g·x) = Σ r[perm[i]] · x[i].
      let s = 0;
      for (let i = 0; i < FINE_DIMS; i++) s += HASH_PROJECTIONS[base + perm[i]!]! * fine[i]!;
      const bit = j * symmetries + g;
      if (s > 0) hash[bit >> 5]! |= 1 << (bit & 31);
    });
  }
  return hash;
}

/** The hash of the image under each rotation/flip, HASH_WORDS words apiece. */
export function hashVariants(hash: Uint32Array): Uint32Array {
  const symmetries = FINE_SYMMETRIES.length;
  const out = new Uint32Array(symmetries * HASH_WORDS);
  for (let h = 0; h < symmetries; h++) {
    for (let j = 0; j < HASH_BASES; j++) {
      for (let g = 0; g < symmetries; g++) {
        const from = j * symmetries + COMPOSE_SYMMETRY[g]![h]!;
        if (((hash[from >> 5]! >>> (from & 31)) & 1) === 0) continue;
        const to = j * symmetries + g;
        out[h * HASH_WORDS + (to >> 5)]! |= 1 << (to & 31);
      }
    }
  }
  return out;
}

/** Smallest Hamming distance between `hash` and any orientation in `variants`. */
export function dihedralHamming(variants: Uint32Array, hash: Uint32Array): number {
  let best = HASH_BITS;
  for (let v = 0; v < variants.length; v += HASH_WORDS) {
    let d = 0;
    for (let w = 0; w < HASH_WORDS; w++) d += popcount32(variants[v + w]! ^ hash[w]!);
    if (d < best) best = d;
  }
  return best;
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
function spectrumFeatures(gray: Float32Array, w: number, h: number) {
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

// ---------- colour ----------

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
function colourHistogram(p: Pixels, out: Float32Array, at: number): void {
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

/** The central square of a view (structure features ignore the aspect ratio). */
function centralSquare(p: Pixels): Pixels {
  const side = Math.min(p.width, p.height);
  if (p.width === side && p.height === side) return p;
  const ox = (p.width - side) >> 1;
  const oy = (p.height - side) >> 1;
  const rgb = new Uint8Array(side * side * 3);
  for (let y = 0; y < side; y++) {
    rgb.set(
      p.rgb.subarray(((y + oy) * p.width + ox) * 3, ((y + oy) * p.width + ox + side) * 3),
      y * side * 3,
    );
  }
  return { rgb, width: side, height: side };
}

function labImage(rgb: ArrayLike<number>, n: number): Float32Array {
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
function paletteClusters(
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
function paletteAdjacency(
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
function swatches(p: Pixels): PaletteColour[] {
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

// ---------- assembly ----------

function describeView(p: Pixels): { view: ViewDescriptor; fine: Float32Array } {
  const square = centralSquare(p);
  const gray = grayOf(square);
  const { grid, rings, harmonics, fine } = spectrumFeatures(gray, square.width, square.height);

  const coarse = new Float32Array(COARSE_DIMS);
  let o = 0;
  const put = (part: ArrayLike<number>, weight: number) => {
    for (let i = 0; i < part.length; i++) coarse[o + i] = part[i]! * weight;
    o += part.length;
  };
  put(rings, STRUCTURE_WEIGHTS.rings);
  put(harmonics, STRUCTURE_WEIGHTS.harmonics);

  const side0 = ADJACENCY_SCALES[0];
  const small = areaResample(square.rgb, square.width, square.height, 3, side0, side0);
  const lab = labImage(small, side0 * side0);
  const coarseSide = 32;
  const tiny = areaResample(small, side0, side0, 3, coarseSide, coarseSide);
  const tinyLab = labImage(tiny, coarseSide * coarseSide);
  const { centres, areas } = paletteClusters(tinyLab, coarseSide * coarseSide);
  const areaPart = new Float32Array(PALETTE_SIZE);
  for (let c = 0; c < PALETTE_SIZE; c++) areaPart[c] = Math.sqrt(areas[c]!);
  normaliseInPlace(areaPart);
  put(areaPart, STRUCTURE_WEIGHTS.areas);

  const adjacency = new Float32Array(ADJACENCY_DIMS * ADJACENCY_SCALES.length);
  paletteAdjacency(lab, side0, centres, adjacency, 0);
  paletteAdjacency(tinyLab, coarseSide, centres, adjacency, ADJACENCY_DIMS);
  put(adjacency, STRUCTURE_WEIGHTS.adjacency / Math.sqrt(ADJACENCY_SCALES.length));
  normaliseInPlace(coarse, 0, STRUCTURE_DIMS);
  colourHistogram(p, coarse, STRUCTURE_DIMS);
  return { view: { coarse, spectrum: grid }, fine };
}

/** Describes normalised views; the first is the whole image. */
export function describeViews(views: readonly Pixels[]): ImageDescriptor {
  const whole = views[0];
  if (!whole) throw new Error('no view to describe');
  const described = views.map(describeView);
  return {
    hash: spectralHash(described[0]!.fine),
    views: described.map((d) => d.view),
    fine: described[0]!.fine,
    palette: swatches(whole),
  };
}

/** Describes a query image (or `region` of it): the whole view only. */
export async function extractQueryDescriptor(
  bytes: Buffer,
  region?: Region,
): Promise<ImageDescriptor & { sourceWidth: number; sourceHeight: number }> {
  const { pixels, sourceWidth, sourceHeight } = await normaliseQuery(bytes, region);
  return { ...describeViews([pixels]), sourceWidth, sourceHeight };
}

/**
 * Only the fine spectrum of an image, exactly as extractQueryDescriptor computes it, without the
 * colour and palette work the rest of a descriptor needs (for a work's public-preview copy).
 */
export async function extractFineSpectrum(bytes: Buffer): Promise<Float32Array> {
  const { pixels } = await normaliseQuery(bytes);
  const square = centralSquare(pixels);
  return spectrumFeatures(grayOf(square), square.width, square.height).fine;
}

/** Describes a work for the index: the whole image and its centre-crop views. */
export async function extractIndexDescriptor(bytes: Buffer): Promise<ImageDescriptor> {
  const { views } = await normaliseForIndex(bytes);
  return describeViews(views);
}

// ---------- storage ----------

const MAGIC = 0x5759; // 'WY'
const VIEW_BYTES = 4 * (COARSE_DIMS + SPECTRUM_DIMS);
const HEADER_BYTES = 16 + 4 * HASH_WORDS;

/** Packs a descriptor into bytes for the database (little-endian; ~1.1 KB a view). */
export function serialiseDescriptor(d: ImageDescriptor): Buffer {
  const palette = d.palette.slice(0, 255);
  const buf = Buffer.alloc(
    HEADER_BYTES + FINE_DIMS * 4 + d.views.length * VIEW_BYTES + palette.length * 5,
  );
  buf.writeUInt16LE(MAGIC, 0);
  buf.writeUInt16LE(DESCRIPTOR_VERSION, 2);
  buf.writeUInt16LE(COARSE_DIMS, 4);
  buf.writeUInt16LE(SPECTRUM_DIMS, 6);
  buf.writeUInt16LE(d.views.length, 8);
  buf.writeUInt16LE(palette.length, 10);
  buf.writeUInt16LE(FINE_DIMS, 12);
  buf.writeUInt16LE(HASH_WORDS, 14);
  let o = 16;
  for (let w = 0; w < HASH_WORDS; w++, o += 4) buf.writeUInt32LE(d.hash[w]!, o);
  for (let i = 0; i < FINE_DIMS; i++, o += 4) buf.writeFloatLE(d.fine[i]!, o);
  for (const view of d.views) {
    for (const part of [view.coarse, view.spectrum]) {
      for (let i = 0; i < part.length; i++, o += 4) buf.writeFloatLE(part[i]!, o);
    }
  }
  for (const p of palette) {
    buf.writeUIntBE(Number.parseInt(p.color.slice(1), 16), o, 3);
    buf.writeUInt16LE(Math.round(p.ratio * 10_000), o + 3);
    o += 5;
  }
  return buf;
}

/** The version a stored descriptor was made with, or -1 when the bytes are not a descriptor. */
export function storedDescriptorVersion(bytes: Uint8Array): number {
  if (bytes.length < 16) return -1;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buf.readUInt16LE(0) === MAGIC ? buf.readUInt16LE(2) : -1;
}

/** Unpacks bytes written by serialiseDescriptor of the current version; null otherwise. */
export function deserialiseDescriptor(bytes: Uint8Array): ImageDescriptor | null {
  if (storedDescriptorVersion(bytes) !== DESCRIPTOR_VERSION) return null;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.readUInt16LE(4) !== COARSE_DIMS || buf.readUInt16LE(6) !== SPECTRUM_DIMS) return null;
  if (buf.readUInt16LE(12) !== FINE_DIMS || buf.readUInt16LE(14) !== HASH_WORDS) return null;
  const viewCount = buf.readUInt16LE(8);
  const paletteCount = buf.readUInt16LE(10);
  const expected = HEADER_BYTES + FINE_DIMS * 4 + viewCount * VIEW_BYTES + paletteCount * 5;
  if (viewCount < 1 || buf.length !== expected) return null;
  const hash = new Uint32Array(HASH_WORDS);
  for (let w = 0; w < HASH_WORDS; w++) hash[w] = buf.readUInt32LE(16 + 4 * w);
  let o = HEADER_BYTES;
  const read = (n: number) => {
    const part = new Float32Array(n);
    for (let i = 0; i < n; i++, o += 4) part[i] = buf.readFloatLE(o);
    return part;
  };
  const fine = read(FINE_DIMS);
  const views: ViewDescriptor[] = [];
  for (let v = 0; v < viewCount; v++)
    views.push({ coarse: read(COARSE_DIMS), spectrum: read(SPECTRUM_DIMS) });
  const palette: PaletteColour[] = [];
  for (let i = 0; i < paletteCount; i++, o += 5) {
    palette.push({
      color: `#${buf.readUIntBE(o, 3).toString(16).padStart(6, '0')}`,
      ratio: buf.readUInt16LE(o + 3) / 10_000,
    });
  }
  return { hash, views, fine, palette };
}
