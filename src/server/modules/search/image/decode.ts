import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { sniffUnreadableFormat } from '@shared/rules/image-signatures';

/**
 * Largest image (in pixels) the server agrees to decode. A 5 MB PNG or SVG can declare a
 * 100 000 × 100 000 canvas (a decompression bomb); 40 MP still admits any camera photo.
 */
export const MAX_DECODE_PIXELS = 40_000_000;

/** Why an uploaded file could not become pixels; each maps to one Chinese message. */
export type DecodeFailure =
  | { kind: 'unsupported'; format: string }
  | { kind: 'too-large'; width: number; height: number }
  | { kind: 'corrupt' }
  | { kind: 'empty' };

export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError';
  constructor(readonly failure: DecodeFailure) {
    super(`image decode failed: ${failure.kind}`);
  }
}

/** Formats of the §5 accept list that the server can read (bmp through its own small decoder). */
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'svg', 'heif', 'bmp']);

const isBmp = (b: Buffer) => b.length > 54 && b[0] === 0x42 && b[1] === 0x4d;

const BI_RGB = 0;
const BI_BITFIELDS = 3;
/** Default masks of uncompressed 16-bit (5-5-5) and 32-bit (X8R8G8B8) bitmaps. */
const DEFAULT_MASKS: Record<number, [number, number, number]> = {
  16: [0x7c00, 0x03e0, 0x001f],
  32: [0x00ff0000, 0x0000ff00, 0x000000ff],
};

/** Reads one colour channel out of a pixel by its mask, scaled to 0–255. */
function channel(value: number, mask: number): number {
  if (mask === 0) return 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift += 1;
  const max = mask >>> shift;
  return Math.round((((value & mask) >>> shift) * 255) / max);
}

/**
 * Reads an uncompressed Windows bitmap, which libvips cannot: 1, 4 and 8 bit with a palette, 16 and
 * 32 bit by their BI_BITFIELDS masks (or the default ones), and 24 bit; bottom-up or top-down. bmp
 * is first on the §5 accept list and common in factories' scanner output. RLE bitmaps are refused.
 */
export function decodeBmp(bytes: Buffer): { data: Buffer; width: number; height: number } {
  const offset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize < 40) throw new ImageDecodeError({ kind: 'unsupported', format: 'bmp' });
  const width = bytes.readInt32LE(18);
  const rawHeight = bytes.readInt32LE(22);
  const bits = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw new ImageDecodeError({ kind: 'corrupt' });
  if (width * height > MAX_DECODE_PIXELS) {
    throw new ImageDecodeError({ kind: 'too-large', width, height });
  }
  const packed = bits === 16 || bits === 32;
  const supported =
    [1, 4, 8, 16, 24, 32].includes(bits) &&
    (compression === BI_RGB || (compression === BI_BITFIELDS && packed));
  if (!supported) throw new ImageDecodeError({ kind: 'unsupported', format: 'bmp' });
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (offset + stride * height > bytes.length) throw new ImageDecodeError({ kind: 'corrupt' });
  // BITFIELDS masks follow a 40-byte header, and sit at the same place inside V4/V5 headers.
  const masks: [number, number, number] =
    compression === BI_BITFIELDS
      ? [bytes.readUInt32LE(54), bytes.readUInt32LE(58), bytes.readUInt32LE(62)]
      : (DEFAULT_MASKS[bits] ?? [0, 0, 0]);
  const paletteStart = 14 + headerSize;
  const coloursUsed = bytes.readUInt32LE(46);
  const paletteSize = bits <= 8 ? Math.min(coloursUsed || 1 << bits, 1 << bits) : 0;
  if (paletteStart + paletteSize * 4 > offset) throw new ImageDecodeError({ kind: 'corrupt' });
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      if (bits <= 8) {
        const bitOffset = x * bits;
        const byte = bytes[row + (bitOffset >> 3)] ?? 0;
        const index = (byte >> (8 - bits - (bitOffset & 7))) & ((1 << bits) - 1);
        // An index past the palette is black rather than a read outside it.
        const p = paletteStart + index * 4;
        const inPalette = index < paletteSize;
        out[o] = inPalette ? (bytes[p + 2] ?? 0) : 0;
        out[o + 1] = inPalette ? (bytes[p + 1] ?? 0) : 0;
        out[o + 2] = inPalette ? (bytes[p] ?? 0) : 0;
      } else if (bits === 24) {
        const p = row + x * 3;
        out[o] = bytes[p + 2] ?? 0;
        out[o + 1] = bytes[p + 1] ?? 0;
        out[o + 2] = bytes[p] ?? 0;
      } else {
        const value =
          bits === 16 ? bytes.readUInt16LE(row + x * 2) : bytes.readUInt32LE(row + x * 4);
        out[o] = channel(value, masks[0]);
        out[o + 1] = channel(value, masks[1]);
        out[o + 2] = channel(value, masks[2]);
      }
    }
  }
  return { data: out, width, height };
}

/**
 * A sharp pipeline over the upload, with the bomb limit, EXIF orientation applied and only the
 * first frame of an animation; throws ImageDecodeError with the reason when it cannot be read.
 */
export async function openImage(
  bytes: Buffer,
): Promise<{ image: Sharp; width: number; height: number; format: string }> {
  if (bytes.length === 0) throw new ImageDecodeError({ kind: 'empty' });
  if (isBmp(bytes)) {
    const bmp = decodeBmp(bytes);
    return {
      image: sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 3 } }),
      width: bmp.width,
      height: bmp.height,
      format: 'bmp',
    };
  }
  const unreadable = sniffUnreadableFormat(bytes);
  if (unreadable) throw new ImageDecodeError({ kind: 'unsupported', format: unreadable });
  let meta: Metadata;
  try {
    // limitInputPixels: false here so a bomb is reported as "too large", not as "corrupt".
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new ImageDecodeError({ kind: 'corrupt' });
  }
  const format = meta.format ?? 'unknown';
  if (!DECODABLE.has(format)) throw new ImageDecodeError({ kind: 'unsupported', format });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width <= 0 || height <= 0) throw new ImageDecodeError({ kind: 'corrupt' });
  if (width * height > MAX_DECODE_PIXELS) {
    throw new ImageDecodeError({ kind: 'too-large', width, height });
  }
  const swap = (meta.orientation ?? 1) >= 5;
  const image = sharp(bytes, {
    limitInputPixels: MAX_DECODE_PIXELS,
    failOn: 'error',
    animated: false,
  }).rotate();
  return {
    image,
    width: swap ? height : width,
    height: swap ? width : height,
    format,
  };
}

/** Runs a pipeline to raw pixels, turning libvips failures into ImageDecodeError. */
export async function toRawPixels(
  image: Sharp,
): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  try {
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (err) {
    if (err instanceof ImageDecodeError) throw err;
    throw new ImageDecodeError({ kind: 'corrupt' });
  }
}
