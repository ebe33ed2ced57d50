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
