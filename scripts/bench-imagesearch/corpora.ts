// Texture corpora for the image-search benchmark (issue 15): the kinds of pictures the seed's
// pattern-art generator never draws — low-contrast and near-monochrome textures (paper, fine noise,
// fine dots), woven and knitted cloth, line art and photographic textures. Every image is drawn from
// a seed with plain arithmetic (no randomness but createRandom, no fonts, no system libraries but
// sharp's PNG encoder), so the same seed gives the same pixels, and every image is a seamless tile
// (each generator is periodic over the image), so the repeat-offset query applies to all of them.
// None of this reaches the demo catalogue: only scripts/bench-imagesearch.ts imports it.
import sharp from 'sharp';
import { createRandom } from '../../src/server/db/seed/pattern-art';

export type Rgb = { data: Uint8Array; width: number; height: number };

export const TEXTURE_CORPORA = ['lowcontrast', 'cloth', 'lineart', 'photographic'] as const;
export type TextureCorpus = (typeof TEXTURE_CORPORA)[number];

type Rng = () => number;
type Field = Float32Array;

const TAU = Math.PI * 2;

// ---------- periodic noise ----------

/** A `cells`×`cells` lattice of random values, smoothly interpolated and periodic over `size`. */
function valueNoise(size: number, cells: number, rnd: Rng): Field {
  const lattice = new Float32Array(cells * cells);
  for (let i = 0; i < lattice.length; i++) lattice[i] = rnd() * 2 - 1;
  const out = new Float32Array(size * size);
  const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);
  for (let y = 0; y < size; y++) {
    const fy = (y * cells) / size;
    const y0 = Math.floor(fy);
    const ty = fade(fy - y0);
    const r0 = (y0 % cells) * cells;
    const r1 = ((y0 + 1) % cells) * cells;
    for (let x = 0; x < size; x++) {
      const fx = (x * cells) / size;
      const x0 = Math.floor(fx);
      const tx = fade(fx - x0);
      const c0 = x0 % cells;
      const c1 = (x0 + 1) % cells;
      const a = lattice[r0 + c0]! + (lattice[r0 + c1]! - lattice[r0 + c0]!) * tx;
      const b = lattice[r1 + c0]! + (lattice[r1 + c1]! - lattice[r1 + c0]!) * tx;
      out[y * size + x] = a + (b - a) * ty;
    }
  }
  return out;
}

/** Fractal sum of periodic value noise, octaves from `cells` up, each `gain` of the one before. */
function fbm(size: number, cells: number, octaves: number, gain: number, rnd: Rng): Field {
  const out = new Float32Array(size * size);
  let amp = 1;
  let c = cells;
  for (let o = 0; o < octaves && c <= size; o++, c *= 2, amp *= gain) {
    const layer = valueNoise(size, c, rnd);
    for (let i = 0; i < out.length; i++) out[i] = out[i]! + layer[i]! * amp;
  }
  return standardise(out);
}

/** Zero mean, unit standard deviation. */
function standardise(f: Field): Field {
  let mean = 0;
  for (let i = 0; i < f.length; i++) mean += f[i]!;
  mean /= f.length;
  let v = 0;
  for (let i = 0; i < f.length; i++) v += (f[i]! - mean) ** 2;
  const inv = 1 / Math.sqrt(v / f.length || 1);
  for (let i = 0; i < f.length; i++) f[i] = (f[i]! - mean) * inv;
  return f;
}

/** Per-pixel white noise blurred by a periodic 3×3 box (fine grain). */
function grain(size: number, rnd: Rng): Field {
  const white = new Float32Array(size * size);
  for (let i = 0; i < white.length; i++) white[i] = rnd() - 0.5;
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = (y + dy + size) % size;
        for (let dx = -1; dx <= 1; dx++) s += white[yy * size + ((x + dx + size) % size)]!;
      }
      out[y * size + x] = s;
    }
  }
  return standardise(out);
}

/** A divisor of `size` near `target`, so periodic structures tile seamlessly. */
function periodNear(size: number, target: number): number {
  let best = 1;
  for (let p = 2; p <= size; p++) {
    if (size % p === 0 && Math.abs(p - target) < Math.abs(best - target)) best = p;
  }
  return best;
}

// ---------- colour ----------

type Tint = [number, number, number];

/** A near-grey tint: a base level with a small colour cast (mostly greys and paper whites). */
function greyTint(rnd: Rng, level: number): Tint {
  const cast = (rnd() - 0.5) * 14;
  const warm = (rnd() - 0.5) * 10;
  return [level + cast + warm, level + cast * 0.3, level - cast - warm * 0.5];
}

/** A muted or bright colour, for cloth and photographic textures. */
function someColour(rnd: Rng, saturation: number): Tint {
  const h = rnd() * TAU;
  const l = 70 + rnd() * 130;
  const s = saturation * (40 + rnd() * 60);
  return [l + s * Math.cos(h), l + s * Math.cos(h - TAU / 3), l + s * Math.cos(h + TAU / 3)];
}

/** Maps a field through a two-colour ramp: `lo` at value -spread, `hi` at +spread. */
function paint(f: Field, size: number, lo: Tint, hi: Tint, spread = 1): Rgb {
  const data = new Uint8Array(size * size * 3);
  for (let i = 0; i < f.length; i++) {
    const t = 0.5 + f[i]! / (2 * spread);
    for (let c = 0; c < 3; c++) {
      const v = lo[c]! + (hi[c]! - lo[c]!) * t;
      data[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return { data, width: size, height: size };
}

/** A low-contrast ramp around a grey level: amplitude `amp` grey levels each side. */
function lowRamp(rnd: Rng, amp: number): [Tint, Tint] {
  const base = greyTint(rnd, 140 + rnd() * 100);
  const chroma = rnd() < 0.3 ? someColour(rnd, 0.15) : base;
  const lo: Tint = [0, 1, 2].map((c) => base[c]! - amp + (chroma[c]! - base[c]!) * 0.1) as Tint;
  const hi: Tint = [0, 1, 2].map((c) => base[c]! + amp) as Tint;
  return [lo, hi];
}

// ---------- generators ----------

type Generator = (size: number, rnd: Rng) => Rgb;

const paper: Generator = (size, rnd) => {
  // Cloudy formation plus fibres (short bright streaks along a random direction) and grain.
  const cloud = fbm(size, 4 + Math.floor(rnd() * 4), 5, 0.55, rnd);
  const g = grain(size, rnd);
  const fibres = new Float32Array(size * size);
  const count = 80 + Math.floor(rnd() * 200);
  const angle = rnd() * Math.PI;
  for (let f = 0; f < count; f++) {
    const a = angle + (rnd() - 0.5) * 1.2;
    const len = 8 + rnd() * 40;
    let x = rnd() * size;
    let y = rnd() * size;
    const strength = (rnd() - 0.3) * 2;
    for (let s = 0; s < len; s++) {
      x += Math.cos(a);
      y += Math.sin(a);
      const i = ((Math.round(y) % size) + size) % size;
      const j = ((Math.round(x) % size) + size) % size;
      fibres[i * size + j] = fibres[i * size + j]! + strength;
    }
  }
  const mix = 0.3 + rnd() * 0.5;
  const out = new Float32Array(size * size);
  for (let i = 0; i < out.length; i++) {
    out[i] = cloud[i]! * mix + g[i]! * (1 - mix) * 0.6 + fibres[i]! * 0.5;
  }
  const [lo, hi] = lowRamp(rnd, 3 + rnd() * 7);
  return paint(standardise(out), size, lo, hi, 2.5);
};

const fineNoise: Generator = (size, rnd) => {
  // Grain at one or two scales, the kind of noise a scanned or sprayed surface has.
  const g = grain(size, rnd);
  const coarse = fbm(size, 16 + Math.floor(rnd() * 32), 3, 0.6, rnd);
  const w = rnd() * 0.6;
  const out = new Float32Array(size * size);
  for (let i = 0; i < out.length; i++) out[i] = g[i]! * (1 - w) + coarse[i]! * w;
  const [lo, hi] = lowRamp(rnd, 4 + rnd() * 8);
  return paint(standardise(out), size, lo, hi, 2.5);
};

const fineDots: Generator = (size, rnd) => {
  // A fine dot screen (period 5–14 px), dot size modulated by a slow cloud, on a near-grey ground.
  const period = periodNear(size, 5 + rnd() * 9);
  const cloud = fbm(size, 2 + Math.floor(rnd() * 4), 3, 0.5, rnd);
  // Staggered rows tile only with an even number of rows.
  const stagger = rnd() < 0.5 && (size / period) % 2 === 0;
  const base = 0.22 + rnd() * 0.2;
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    const row = Math.floor(y / period);
    const cy = (y % period) - period / 2 + 0.5;
    for (let x = 0; x < size; x++) {
      const shift = stagger && row % 2 === 1 ? period / 2 : 0;
      const cx = ((x + shift) % period) - period / 2 + 0.5;
      const r = Math.hypot(cx, cy) / period;
      const radius = base * (1 + 0.35 * cloud[y * size + x]!);
      out[y * size + x] = Math.max(-1, Math.min(1, (radius - r) * period * 0.9));
    }
  }
  const [lo, hi] = lowRamp(rnd, 6 + rnd() * 12);
  return paint(out, size, hi, lo, 1);
};

const woven: Generator = (size, rnd) => {
  // Plain, twill or basket weave: warp and weft threads with their own slub (thickness noise),
  // shaded where a thread passes over another.
  const cell = periodNear(size, 4 + rnd() * 8);
  const kind = Math.floor(rnd() * 3);
  const threads = size / cell;
  const warp = Float32Array.from({ length: threads }, () => rnd() - 0.5);
  const weft = Float32Array.from({ length: threads }, () => rnd() - 0.5);
  const slub = fbm(size, 8, 3, 0.5, rnd);
  const colourWarp = rnd() < 0.5 ? greyTint(rnd, 90 + rnd() * 120) : someColour(rnd, 0.35);
  const colourWeft =
    rnd() < 0.6 ? colourWarp : ([0, 1, 2].map((c) => colourWarp[c]! * (0.8 + rnd() * 0.3)) as Tint);
  const contrast = 14 + rnd() * 30;
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    const ty = Math.floor(y / cell);
    const fy = ((y % cell) + 0.5) / cell;
    for (let x = 0; x < size; x++) {
      const tx = Math.floor(x / cell);
      const fx = ((x % cell) + 0.5) / cell;
      let warpOver: boolean;
      if (kind === 0) warpOver = (tx + ty) % 2 === 0;
      else if (kind === 1) warpOver = (tx + ty) % 4 < 2;
      else warpOver = (Math.floor(tx / 2) + Math.floor(ty / 2)) % 2 === 0;
      // Across a thread it is rounded: brightest at its middle.
      const across = warpOver ? Math.sin(Math.PI * fx) : Math.sin(Math.PI * fy);
      const jitter = warpOver ? warp[tx]! : weft[ty]!;
      const shade = (across - 0.6) * contrast + jitter * contrast * 0.5 + slub[y * size + x]! * 5;
      const base = warpOver ? colourWarp : colourWeft;
      for (let c = 0; c < 3; c++) {
        const v = base[c]! + shade;
        data[(y * size + x) * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return { data, width: size, height: size };
};

const knitted: Generator = (size, rnd) => {
  // Stockinette: columns of V-shaped loops, each loop two slanted ellipses, in one yarn colour.
  const w = periodNear(size, 8 + rnd() * 10);
  const h = periodNear(size, w * (0.7 + rnd() * 0.3));
  const yarn = rnd() < 0.5 ? greyTint(rnd, 100 + rnd() * 110) : someColour(rnd, 0.4);
  const fuzz = grain(size, rnd);
  const contrast = 20 + rnd() * 30;
  const tilt = 0.45 + rnd() * 0.3;
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    const fy = ((y % h) + 0.5) / h - 0.5;
    for (let x = 0; x < size; x++) {
      const fx = ((x % w) + 0.5) / w - 0.5;
      const side = fx < 0 ? -1 : 1;
      // Distance to one leg of the V: an ellipse centred at (±0.25, 0), tilted.
      const u = fx - side * 0.25;
      const rx = u * Math.cos(tilt) + side * fy * Math.sin(tilt);
      const ry = -u * Math.sin(tilt) * side + fy * Math.cos(tilt);
      const d = Math.hypot(rx / 0.22, ry / 0.55);
      const shade = (d < 1 ? Math.sqrt(1 - d * d) - 0.5 : -0.8) * contrast;
      const v0 = shade + fuzz[y * size + x]! * 4;
      for (let c = 0; c < 3; c++) {
        const v = yarn[c]! + v0;
        data[(y * size + x) * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return { data, width: size, height: size };
};

const lineArt: Generator = (size, rnd) => {
  // Thin dark lines on a light ground: contour lines of a cloud (topographic), hatching bent by
  // a cloud, or a few periodic curves; 1–2 px lines, sometimes in colour.
  const kind = Math.floor(rnd() * 3);
  const cloud = fbm(size, 2 + Math.floor(rnd() * 3), 3, 0.5, rnd);
  const levels = 5 + rnd() * 10;
  const width = 0.05 + rnd() * 0.06;
  const bend = 10 + rnd() * 40;
  const fx = 1 + Math.floor(rnd() * 3);
  const fy = Math.floor(rnd() * 3);
  const spacing = periodNear(size, 10 + rnd() * 20);
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = cloud[y * size + x]!;
      let t: number;
      if (kind === 0) t = c * levels;
      else if (kind === 1) t = (x + c * bend * 0.3) / spacing;
      else t = (y + bend * Math.sin((TAU * (fx * x + fy * y)) / size) + c * 4) / spacing;
      const d = Math.abs(t - Math.round(t));
      out[y * size + x] = d < width ? 1 : d < width * 1.6 ? 0.4 : 0;
    }
  }
  const ink: Tint = rnd() < 0.7 ? greyTint(rnd, 30 + rnd() * 40) : someColour(rnd, 0.6);
  const ground = greyTint(rnd, 225 + rnd() * 25);
  const data = new Uint8Array(size * size * 3);
  for (let i = 0; i < out.length; i++) {
    for (let c = 0; c < 3; c++) {
      const v = ground[c]! + (ink[c]! - ground[c]!) * out[i]!;
      data[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return { data, width: size, height: size };
};

const photographic: Generator = (size, rnd) => {
  // Natural-looking surfaces: marble veins, wood rings, stone/terrazzo, bark — turbulence shaped
  // into structure, coloured by a three-stop ramp.
  const kind = Math.floor(rnd() * 4);
  const turb = fbm(size, 2 + Math.floor(rnd() * 3), 6, 0.55, rnd);
  const detail = fbm(size, 32, 3, 0.5, rnd);
  const k = 1 + Math.floor(rnd() * 4);
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = turb[y * size + x]!;
      let v: number;
      if (kind === 0) v = Math.sin((TAU * k * (x + y)) / size + t * 3);
      else if (kind === 1) v = Math.sin((TAU * k * 2 * x) / size + t * 5) ** 3;
      else if (kind === 2) v = Math.sign(t) * Math.abs(t) ** 0.5 + detail[y * size + x]! * 0.6;
      else v = Math.abs(t) * 2 - 1 + detail[y * size + x]! * 0.3;
      out[y * size + x] = v;
    }
  }
  const f = standardise(out);
  const a = someColour(rnd, 0.3);
  const b = someColour(rnd, 0.3);
  const mid: Tint = [0, 1, 2].map((c) => (a[c]! + b[c]!) / 2 + (rnd() - 0.5) * 40) as Tint;
  const data = new Uint8Array(size * size * 3);
  for (let i = 0; i < f.length; i++) {
    const t = Math.max(-1, Math.min(1, f[i]! / 2));
    for (let c = 0; c < 3; c++) {
      const v = t < 0 ? mid[c]! + (a[c]! - mid[c]!) * -t : mid[c]! + (b[c]! - mid[c]!) * t;
      data[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return { data, width: size, height: size };
};

const GENERATORS: Record<TextureCorpus, readonly Generator[]> = {
  lowcontrast: [paper, fineNoise, fineDots],
  cloth: [woven, knitted],
  lineart: [lineArt],
  photographic: [photographic],
};

/** Seeds of the corpora: targets and distractors never share one. */
const CORPUS_SEEDS: Record<TextureCorpus, number> = {
  lowcontrast: 15_100_000,
  cloth: 15_200_000,
  lineart: 15_300_000,
  photographic: 15_400_000,
};

/** Raw pixels of texture `index` of a corpus (`distractor` draws from another seed range). */
export function drawTexture(
  corpus: TextureCorpus,
  index: number,
  size: number,
  distractor = false,
): Rgb {
  const seed = CORPUS_SEEDS[corpus] + (distractor ? 50_000 : 0) + index;
  const rnd = createRandom(seed);
  const generators = GENERATORS[corpus];
  const generate = generators[index % generators.length]!;
  return generate(size, rnd);
}

/** Texture `index` of a corpus as PNG bytes. */
export async function renderTexture(
  corpus: TextureCorpus,
  index: number,
  size: number,
  distractor = false,
): Promise<Buffer> {
  const { data, width, height } = drawTexture(corpus, index, size, distractor);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
