// The query transforms buyers actually send (issue 15), drawn with plain arithmetic on raw pixels so
// that the same image and seed always give the same query bytes (sharp only decodes and encodes):
// - product: the pattern printed on a pillow or garment shape — displaced over folds and shaded by
//   them, seen in perspective under uneven light, with sensor noise and a phone-like JPEG;
// - screen: the pattern photographed off a monitor — keystone perspective, the screen's pixel grid
//   beating with the camera's (moiré), a glare spot, a dark bezel, JPEG;
// - scan: the printed pattern on a flatbed — a white page margin, a slight skew, paper texture,
//   lifted blacks and a colour cast, a little blur, JPEG.
import sharp from 'sharp';
import { createRandom } from '../../src/server/db/seed/pattern-art';

type Rng = () => number;
type Raw = { data: Float32Array; width: number; height: number };

export const PHOTO_TRANSFORMS = ['product', 'screen', 'scan'] as const;
export type PhotoTransform = (typeof PHOTO_TRANSFORMS)[number];

async function decode(bytes: Buffer): Promise<Raw> {
  const { data, info } = await sharp(bytes)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: Float32Array.from(data), width: info.width, height: info.height };
}

function encodeJpeg(img: Raw, quality: number): Promise<Buffer> {
  const bytes = new Uint8Array(img.data.length);
  for (let i = 0; i < bytes.length; i++) {
    const v = img.data[i]!;
    bytes[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  return sharp(bytes, { raw: { width: img.width, height: img.height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** Bilinear sample at (x, y) in pixels; `wrap` repeats the tile, otherwise false outside. */
function sample(img: Raw, x: number, y: number, wrap: boolean, out: number[]): boolean {
  const { width: w, height: h, data } = img;
  if (!wrap && (x < 0 || y < 0 || x > w - 1 || y > h - 1)) return false;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const tx = x - x0;
  const ty = y - y0;
  let xa = x0;
  let xb = x0 + 1;
  let ya = y0;
  let yb = y0 + 1;
  if (wrap) {
    xa = ((xa % w) + w) % w;
    xb = xa + 1 === w ? 0 : xa + 1;
    ya = ((ya % h) + h) % h;
    yb = ya + 1 === h ? 0 : ya + 1;
  } else {
    if (xb > w - 1) xb = w - 1;
    if (yb > h - 1) yb = h - 1;
  }
  const a = (ya * w + xa) * 3;
  const b = (ya * w + xb) * 3;
  const c = (yb * w + xa) * 3;
  const d = (yb * w + xb) * 3;
  for (let k = 0; k < 3; k++) {
    const top = data[a + k]! + (data[b + k]! - data[a + k]!) * tx;
    const bottom = data[c + k]! + (data[d + k]! - data[c + k]!) * tx;
    out[k] = top + (bottom - top) * ty;
  }
  return true;
}

type Mat3 = [number, number, number, number, number, number, number, number, number];

/** The homography taking the unit square's corners (0,0),(1,0),(1,1),(0,1) to `q`. */
function squareToQuad(q: readonly [number, number][]): Mat3 {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function invert(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}

function apply(m: Mat3, x: number, y: number): [number, number] {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

/** A quad inside the unit square: its corners moved inwards by up to `amount` (perspective). */
function jitteredQuad(rnd: Rng, inset: number, amount: number): [number, number][] {
  const j = () => inset + rnd() * amount;
  return [
    [j(), j()],
    [1 - j(), j()],
    [1 - j(), 1 - j()],
    [j(), 1 - j()],
  ];
}

/** Gaussian-ish noise (sum of three uniforms), mean 0, standard deviation ≈ `sd`. */
function noise(rnd: Rng, sd: number): number {
  return (rnd() + rnd() + rnd() - 1.5) * 2 * sd;
}

async function productPhoto(bytes: Buffer, rnd: Rng, side: number): Promise<Buffer> {
  const src = await decode(bytes);
  const W = side;
  const H = side;
  const out: Raw = { data: new Float32Array(W * H * 3), width: W, height: H };
  // The product: a pillow (puffy rounded square) or a shirt body (rectangle with sleeves cut in).
  const pillow = rnd() < 0.5;
  const quad = jitteredQuad(rnd, 0.06, 0.1);
  const toUnit = invert(squareToQuad(quad));
  // The print shows 1–1.6 repeats of the tile across the product.
  const repeats = 1 + rnd() * 0.6;
  const folds = Array.from({ length: 4 }, () => ({
    kx: (rnd() - 0.5) * 6,
    ky: (rnd() - 0.5) * 6,
    phase: rnd() * Math.PI * 2,
    amp: 0.002 + rnd() * 0.004,
  }));
  const light = { x: rnd(), y: rnd(), strength: 0.25 + rnd() * 0.2 };
  const backdrop = [150 + rnd() * 80, 150 + rnd() * 80, 150 + rnd() * 80];
  const px = [0, 0, 0];
  for (let Y = 0; Y < H; Y++) {
    for (let X = 0; X < W; X++) {
      const o = (Y * W + X) * 3;
      const [u, v] = apply(toUnit, (X + 0.5) / W, (Y + 0.5) / H);
      // Uneven light over the whole frame: brighter towards the light, darker far from it.
      const lit =
        1 -
        light.strength * Math.hypot((X / W - light.x) * 1.2, Y / H - light.y) +
        light.strength * 0.35;
      let inside: boolean;
      let edge = 1;
      if (pillow) {
        const r = ((Math.abs(u - 0.5) * 2) ** 4 + (Math.abs(v - 0.5) * 2) ** 4) ** 0.25;
        inside = r < 1;
        edge = inside ? Math.sqrt(Math.max(0, 1 - r ** 6)) : 0;
      } else {
        const sleeve = v < 0.3 && (u < 0.15 || u > 0.85);
        const neck = v < 0.08 && Math.abs(u - 0.5) < 0.15;
        inside = u >= 0 && u <= 1 && v >= 0 && v <= 1 && !sleeve && !neck;
      }
      if (!inside) {
        for (let k = 0; k < 3; k++) out.data[o + k] = backdrop[k]! * lit * (0.9 + 0.1 * v);
        continue;
      }
      // Folds displace the print and shade it with the slope of the cloth.
      let du = 0;
      let dv = 0;
      let slope = 0;
      for (const f of folds) {
        const t = 2 * Math.PI * (f.kx * u + f.ky * v) + f.phase;
        const s = Math.sin(t);
        du += f.amp * s * f.ky;
        dv -= f.amp * s * f.kx;
        slope += Math.cos(t) * 0.25;
      }
      sample(src, (u + du) * repeats * src.width, (v + dv) * repeats * src.height, true, px);
      const shade = lit * (0.88 + 0.12 * edge) * (1 + 0.22 * slope);
      for (let k = 0; k < 3; k++) out.data[o + k] = px[k]! * shade;
    }
  }
  for (let i = 0; i < out.data.length; i++) out.data[i] = out.data[i]! + noise(rnd, 3);
  return encodeJpeg(out, 72);
}

async function screenPhoto(bytes: Buffer, rnd: Rng, side: number): Promise<Buffer> {
  const src = await decode(bytes);
  // Drawn at 2× and reduced: the screen's pixel grid (period ~2.3–3.1 px at 2×, slightly turned)
  // aliases against the output grid into moiré bands.
  const W = 2 * Math.round((side * 16) / 18);
  const H = W;
  const big: Raw = { data: new Float32Array(W * H * 3), width: W, height: H };
  const quad = jitteredQuad(rnd, 0.04, 0.08);
  const toUnit = invert(squareToQuad(quad));
  const period = 2.3 + rnd() * 0.8;
  const angle = (rnd() - 0.5) * 0.2;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const depth = 0.18 + rnd() * 0.12;
  const glare = {
    x: 0.2 + rnd() * 0.6,
    y: 0.2 + rnd() * 0.6,
    r: 0.15 + rnd() * 0.2,
    s: 90 + rnd() * 80,
  };
  const px = [0, 0, 0];
  for (let Y = 0; Y < H; Y++) {
    for (let X = 0; X < W; X++) {
      const o = (Y * W + X) * 3;
      const [u, v] = apply(toUnit, (X + 0.5) / W, (Y + 0.5) / H);
      if (!sample(src, u * (src.width - 1), v * (src.height - 1), false, px)) {
        for (let k = 0; k < 3; k++) big.data[o + k] = 18;
        continue;
      }
      const gx = (X * ca + Y * sa) / period;
      const gy = (-X * sa + Y * ca) / period;
      const grid =
        1 - depth * (0.5 - 0.25 * (Math.cos(2 * Math.PI * gx) + Math.cos(2 * Math.PI * gy)));
      const g = Math.exp(-((X / W - glare.x) ** 2 + (Y / H - glare.y) ** 2) / (2 * glare.r ** 2));
      for (let k = 0; k < 3; k++) big.data[o + k] = px[k]! * grid * 1.05 + glare.s * g;
    }
  }
  // 2 × 2 box reduction (the camera's pixels), sensor noise.
  const w = W / 2;
  const h = H / 2;
  const out: Raw = { data: new Float32Array(w * h * 3), width: w, height: h };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < 3; k++) {
        const a = (2 * y * W + 2 * x) * 3 + k;
        const b = ((2 * y + 1) * W + 2 * x) * 3 + k;
        out.data[(y * w + x) * 3 + k] =
          (big.data[a]! + big.data[a + 3]! + big.data[b]! + big.data[b + 3]!) / 4 + noise(rnd, 2.5);
      }
    }
  }
  return encodeJpeg(out, 78);
}

async function scan(bytes: Buffer, rnd: Rng, side: number): Promise<Buffer> {
  const src = await decode(bytes);
  const W = Math.round((side * 19) / 18);
  const H = W;
  const out: Raw = { data: new Float32Array(W * H * 3), width: W, height: H };
  const margin = 0.04 + rnd() * 0.05;
  const skew = ((rnd() - 0.5) * 5 * Math.PI) / 180;
  const cs = Math.cos(skew);
  const sn = Math.sin(skew);
  const cast = [1 + (rnd() - 0.3) * 0.12, 1 + (rnd() - 0.5) * 0.06, 1 - rnd() * 0.14];
  const lift = 12 + rnd() * 16;
  const paperWhite = 236 + rnd() * 14;
  // Paper texture: a fixed random field over the page, smoothed by a 2-tap average.
  const fibre = new Float32Array(W * H);
  for (let i = 0; i < fibre.length; i++) fibre[i] = rnd() - 0.5;
  const px = [0, 0, 0];
  const span = 1 - 2 * margin;
  for (let Y = 0; Y < H; Y++) {
    for (let X = 0; X < W; X++) {
      const o = (Y * W + X) * 3;
      // Page coordinates → print coordinates: undo the skew about the page centre.
      const x = (X + 0.5) / W - 0.5;
      const y = (Y + 0.5) / H - 0.5;
      const u = (x * cs + y * sn) / span + 0.5;
      const v = (-x * sn + y * cs) / span + 0.5;
      const p = fibre[Y * W + X]! + fibre[Y * W + ((X + 1) % W)]!;
      const paper = 1 + p * 0.035;
      if (!sample(src, u * (src.width - 1), v * (src.height - 1), false, px)) {
        for (let k = 0; k < 3; k++) out.data[o + k] = paperWhite * paper * cast[k]!;
        continue;
      }
      for (let k = 0; k < 3; k++) {
        // Ink on paper: blacks lift, whites are the paper's, the lamp tints everything.
        const ink = lift + (px[k]! / 255) * (paperWhite - lift);
        out.data[o + k] = ink * paper * cast[k]!;
      }
    }
  }
  const blurred = await sharp(
    Uint8Array.from(out.data, (v) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v))),
    { raw: { width: W, height: H, channels: 3 } },
  )
    .blur(0.7)
    .raw()
    .toBuffer();
  return encodeJpeg({ data: Float32Array.from(blurred), width: W, height: H }, 85);
}

/**
 * A product photo, a screen photo or a scan of the image, the same bytes for the same seed. `side`
 * sets the photo's size (720 px for the benchmark; tests use small ones).
 */
export function photoTransform(
  t: PhotoTransform,
  bytes: Buffer,
  seed: number,
  side = 720,
): Promise<Buffer> {
  const rnd = createRandom(seed);
  if (t === 'product') return productPhoto(bytes, rnd, side);
  if (t === 'screen') return screenPhoto(bytes, rnd, side);
  return scan(bytes, rnd, side);
}
