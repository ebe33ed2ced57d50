import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageDecodeError, decodeBmp, openImage } from './decode';

async function failureOf(bytes: Buffer) {
  try {
    await openImage(bytes);
  } catch (err) {
    if (err instanceof ImageDecodeError) return err.failure;
    throw err;
  }
  return null;
}

/** A 24-bit bottom-up Windows bitmap of w×h pixels, red left half, blue right half. */
function bmp(w: number, h: number): Buffer {
  const stride = Math.ceil((w * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + stride * h);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(w, 18);
  buf.writeInt32LE(h, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = 54 + y * stride + x * 3;
      if (x < w / 2) buf[o + 2] = 255;
      else buf[o] = 255;
    }
  }
  return buf;
}

type BmpSpec = {
  width: number;
  height: number;
  bits: number;
  compression?: number;
  masks?: [number, number, number];
  palette?: [number, number, number][];
  topDown?: boolean;
  /** The raw value of a pixel: a palette index, a packed 16/32-bit value, or 0xRRGGBB for 24 bit. */
  pixel: (x: number, y: number) => number;
};

/** Any uncompressed Windows bitmap, written as Windows writes it. */
function writeBmp(spec: BmpSpec): Buffer {
  const { width: w, height: h, bits } = spec;
  const masks = spec.compression === 3 ? 12 : 0;
  const palette = spec.palette ?? [];
  const offset = 54 + masks + palette.length * 4;
  const stride = Math.ceil((w * bits) / 32) * 4;
  const buf = Buffer.alloc(offset + stride * h);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(offset, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(w, 18);
  buf.writeInt32LE(spec.topDown ? -h : h, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(bits, 28);
  buf.writeUInt32LE(spec.compression ?? 0, 30);
  buf.writeUInt32LE(palette.length, 46);
  if (spec.masks) spec.masks.forEach((m, i) => buf.writeUInt32LE(m >>> 0, 54 + i * 4));
  palette.forEach(([r, g, b], i) => {
    buf[54 + masks + i * 4] = b;
    buf[54 + masks + i * 4 + 1] = g;
    buf[54 + masks + i * 4 + 2] = r;
  });
  for (let y = 0; y < h; y++) {
    const row = offset + (spec.topDown ? y : h - 1 - y) * stride;
    for (let x = 0; x < w; x++) {
      const v = spec.pixel(x, y);
      if (bits < 8) {
        const bit = x * bits;
        buf[row + (bit >> 3)] = (buf[row + (bit >> 3)] ?? 0) | (v << (8 - bits - (bit & 7)));
      } else if (bits === 8) buf[row + x] = v;
      else if (bits === 16) buf.writeUInt16LE(v, row + x * 2);
      else if (bits === 24) buf.writeUIntLE(v, row + x * 3, 3);
      else buf.writeUInt32LE(v >>> 0, row + x * 4);
    }
  }
  return buf;
}

/** The decoded colour of pixel (x, y) as [r, g, b]. */
function colourAt(bytes: Buffer, x: number, y: number): number[] {
  const { data, width } = decodeBmp(bytes);
  return [...data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
}

describe('Windows bitmaps of every kind the decoder claims', () => {
  const palette: [number, number, number][] = [
    [255, 0, 0],
    [0, 128, 0],
    [0, 0, 255],
    [250, 250, 250],
  ];

  it('reads 1-, 4- and 8-bit bitmaps through their palettes', () => {
    const oneBit = writeBmp({
      width: 9,
      height: 2,
      bits: 1,
      palette: [palette[0]!, palette[2]!],
      pixel: (x) => x % 2,
    });
    expect(colourAt(oneBit, 0, 0)).toEqual([255, 0, 0]);
    expect(colourAt(oneBit, 7, 1)).toEqual([0, 0, 255]);
    expect(colourAt(oneBit, 8, 1)).toEqual([255, 0, 0]);
    const fourBit = writeBmp({ width: 5, height: 3, bits: 4, palette, pixel: (x) => x % 4 });
    expect([1, 2, 3].map((x) => colourAt(fourBit, x, 2))).toEqual([
      [0, 128, 0],
      [0, 0, 255],
      [250, 250, 250],
    ]);
    const eightBit = writeBmp({ width: 3, height: 2, bits: 8, palette, pixel: (_x, y) => y });
    expect(colourAt(eightBit, 2, 1)).toEqual([0, 128, 0]);
  });

  it('paints an index past the palette black instead of reading past it', () => {
    const bad = writeBmp({ width: 2, height: 1, bits: 8, palette, pixel: () => 200 });
    expect(colourAt(bad, 1, 0)).toEqual([0, 0, 0]);
  });

  it('reads 16-bit bitmaps as 5-5-5 by default and as 5-6-5 by their BITFIELDS masks', () => {
    const rgb555 = writeBmp({ width: 2, height: 1, bits: 16, pixel: () => 0x7c00 | 0x1f });
    expect(colourAt(rgb555, 0, 0)).toEqual([255, 0, 255]);
    const rgb565 = writeBmp({
      width: 2,
      height: 1,
      bits: 16,
      compression: 3,
      masks: [0xf800, 0x07e0, 0x001f],
      pixel: () => 0x07e0,
    });
    expect(colourAt(rgb565, 1, 0)).toEqual([0, 255, 0]);
  });

  it('reads 32-bit bitmaps as BGRX by default and honours other BITFIELDS masks', () => {
    const bgrx = writeBmp({ width: 1, height: 1, bits: 32, pixel: () => 0x00336699 });
    expect(colourAt(bgrx, 0, 0)).toEqual([0x33, 0x66, 0x99]);
    const rgba = writeBmp({
      width: 1,
      height: 1,
      bits: 32,
      compression: 3,
      masks: [0xff000000, 0x00ff0000, 0x0000ff00],
      pixel: () => 0x336699ff,
    });
    expect(colourAt(rgba, 0, 0)).toEqual([0x33, 0x66, 0x99]);
  });

  it('reads top-down bitmaps the right way up', () => {
    const topDown = writeBmp({
      width: 2,
      height: 2,
      bits: 24,
      topDown: true,
      pixel: (_x, y) => (y === 0 ? 0xff0000 : 0x0000ff),
    });
    expect(colourAt(topDown, 0, 0)).toEqual([255, 0, 0]);
    expect(colourAt(topDown, 0, 1)).toEqual([0, 0, 255]);
  });

  it('refuses RLE-compressed and cut-off bitmaps with a reason', () => {
    const rle = writeBmp({ width: 2, height: 2, bits: 8, compression: 1, palette, pixel: () => 0 });
    expect(() => decodeBmp(rle)).toThrow(ImageDecodeError);
    const whole = writeBmp({ width: 40, height: 40, bits: 24, pixel: () => 0x123456 });
    expect(() => decodeBmp(whole.subarray(0, 2000))).toThrow(ImageDecodeError);
  });
});

describe('safe decoding of uploads', () => {
  it('refuses empty, corrupt and bomb files with a reason, before decoding pixels', async () => {
    expect(await failureOf(Buffer.alloc(0))).toEqual({ kind: 'empty' });
    expect(await failureOf(Buffer.from('definitely not an image, just text'))).toEqual({
      kind: 'corrupt',
    });
    const svgBomb = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>',
    );
    expect(await failureOf(svgBomb)).toEqual({
      kind: 'too-large',
      width: 100000,
      height: 100000,
    });
  });

  it('reads Windows bitmaps, which libvips cannot', async () => {
    const decoded = decodeBmp(bmp(6, 4));
    expect([decoded.width, decoded.height]).toEqual([6, 4]);
    expect([...decoded.data.subarray(0, 3)]).toEqual([255, 0, 0]);
    const { image, format, width } = await openImage(bmp(6, 4));
    expect(format).toBe('bmp');
    expect(width).toBe(6);
    const { data } = await image.raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(15, 18)]).toEqual([0, 0, 255]);
  });

  it('applies EXIF orientation, so a photo taken sideways is searched upright', async () => {
    const wide = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const opened = await openImage(wide);
    expect([opened.width, opened.height]).toEqual([20, 40]);
    const { info } = await opened.image.raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([20, 40]);
  });
});
