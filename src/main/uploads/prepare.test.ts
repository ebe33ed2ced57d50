import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREVIEW_SIZE_PX, prepareImage, previewPath, readSourceFile } from './prepare';
import type { SourceFile } from './queue';
import { UPLOAD_MSG } from './upload-failure';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wenyang-prepare-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const source = (bytes: Buffer): SourceFile => ({
  bytes,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  size: bytes.length,
  mtimeMs: 0,
});

const image = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 90, alpha: 1 } } });

describe('readSourceFile', () => {
  it('reads and hashes a settled file', async () => {
    const path = join(dir, 'a.png');
    await writeFile(path, 'pattern bytes');
    await utimes(path, new Date(Date.now() - 5_000), new Date(Date.now() - 5_000));
    const read = await readSourceFile(path);
    expect(read.sha256).toBe(createHash('sha256').update('pattern bytes').digest('hex'));
    expect(read.size).toBe(13);
  });

  it('waits for a file written moments ago (it may still be growing)', async () => {
    const path = join(dir, 'copying.png');
    await writeFile(path, 'first half');
    await expect(readSourceFile(path, { settleMs: 10_000 })).rejects.toMatchObject({
      kind: 'unstable',
    });
  });

  it('reports a file that disappeared as gone', async () => {
    await expect(readSourceFile(join(dir, 'nope.png'))).rejects.toMatchObject({ kind: 'gone' });
  });
});

describe('prepareImage', () => {
  it('sends the original bytes of an image within the limits and writes a small sRGB preview', async () => {
    const bytes = await image(1200, 800).png().toBuffer();
    const prepared = await prepareImage(source(bytes), { previewDir: dir });
    expect(prepared.converted).toBe(false);
    expect(Buffer.from(prepared.bytes).equals(bytes)).toBe(true);
    expect(prepared).toMatchObject({ width: 1200, height: 800 });
    const preview = await readFile(previewPath(dir, source(bytes).sha256));
    const meta = await sharp(preview).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: PREVIEW_SIZE_PX, space: 'srgb' });
  });

  it('reports the sides as displayed for a photo turned by its EXIF orientation', async () => {
    const bytes = await image(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const prepared = await prepareImage(source(bytes), { previewDir: dir });
    expect(prepared).toMatchObject({ converted: false, width: 100, height: 300 });
    const preview = await sharp(await readFile(previewPath(dir, source(bytes).sha256))).metadata();
    expect(preview.height).toBeGreaterThan(preview.width ?? 0);
  });

  it('sends a rotated, sRGB, size-limited copy of an image above the limits', async () => {
    const bytes = await image(1600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const prepared = await prepareImage(source(bytes), { previewDir: dir, maxSidePx: 1000 });
    expect(prepared).toMatchObject({ converted: true, width: 250, height: 1000 });
    const meta = await sharp(Buffer.from(prepared.bytes)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 250, height: 1000, space: 'srgb' });
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('keeps transparency (PNG) when a copy has to be made', async () => {
    const bytes = await image(1200, 1200, 4).png().toBuffer();
    const prepared = await prepareImage(source(bytes), { previewDir: dir, maxSidePx: 600 });
    const meta = await sharp(Buffer.from(prepared.bytes)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, hasAlpha: true });
  });

  it('refuses what is not an image, a cut-off image and an unsupported format, in Chinese', async () => {
    await expect(
      prepareImage(source(Buffer.from('not an image at all')), { previewDir: dir }),
    ).rejects.toMatchObject({ kind: 'rejected', message: UPLOAD_MSG.notImage });
    const whole = await image(800, 800)
      .composite([{ input: await image(200, 200).png().toBuffer(), left: 10, top: 10 }])
      .png({ compressionLevel: 0 })
      .toBuffer();
    await expect(
      prepareImage(source(whole.subarray(0, Math.floor(whole.length / 2))), { previewDir: dir }),
    ).rejects.toMatchObject({ kind: 'rejected', message: UPLOAD_MSG.truncated });
    const gif = await image(20, 20).gif().toBuffer();
    await expect(prepareImage(source(gif), { previewDir: dir })).rejects.toMatchObject({
      kind: 'rejected',
      message: UPLOAD_MSG.unsupportedFormat,
    });
  });
});
