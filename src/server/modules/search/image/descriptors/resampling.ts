// Resampling: decoding an image (or a region of it) into the small normalised copies every feature
// is computed from (short side 128 px, wrap-around anti-aliasing for repeat patterns), the centre-
// crop views of indexed works, and the small pixel helpers the features share.
import type { Sharp } from 'sharp';
import sharp from 'sharp';
import { openImage, toRawPixels } from '../decode';
import {
  INDEX_VIEW_CROPS,
  INDEX_WORKING_SIDE,
  MAX_NORMALISED_LONG_SIDE,
  NORMALISED_SIDE,
} from './layout';
import type { Pixels, Region } from './layout';

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

export function grayOf(p: Pixels): Float32Array {
  const g = new Float32Array(p.width * p.height);
  for (let i = 0, j = 0; i < g.length; i++, j += 3) {
    g[i] = 0.299 * p.rgb[j]! + 0.587 * p.rgb[j + 1]! + 0.114 * p.rgb[j + 2]!;
  }
  return g;
}

/** Box-averages `channels`-interleaved values down to outW×outH (any ratio). */
export function areaResample(
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

/** The central square of a view (structure features ignore the aspect ratio). */
export function centralSquare(p: Pixels): Pixels {
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
