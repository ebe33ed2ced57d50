import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantPath } from '@shared/image-variants';
import { variantKey } from '../modules/images/image-variants';
import { buildTestApp, testDatabases } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

const SOURCE = 'public/works/w1/preview-800.webp';
const hashOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 32);

/** A striped picture, so a resize really has pixels to work on. */
function striped(width: number, height: number, format: 'webp' | 'png'): Promise<Buffer> {
  const stripes = Array.from(
    { length: 20 },
    (_, i) => `<rect x="${i * 40}" width="20" height="${height}" fill="#f5d76e"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${stripes}</svg>`;
  const base = sharp({
    create: { width, height, channels: 4, background: { r: 30, g: 90, b: 160, alpha: 1 } },
  }).composite([{ input: Buffer.from(svg) }]);
  return format === 'webp' ? base.webp().toBuffer() : base.png().toBuffer();
}

// The route reads storage only, never the database: one database is enough.
describe.each(testDatabases().slice(0, 1))('image variants route ($name)', (database) => {
  let t: TestApp;
  let source: Buffer;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await buildTestApp(database);
    source = await striped(800, 400, 'webp');
    await t.deps.storage.put(SOURCE, source, 'image/webp');
  });
  afterAll(async () => t?.close());

  it('serves a public image at a listed width in WebP and JPEG, with a year-long cache', async () => {
    const webp = await get(variantPath(SOURCE, 320, 'webp'));
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(webp.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 160]);
    expect(webp.rawPayload.length).toBeLessThan(source.length);

    const jpeg = await get(variantPath(SOURCE, 400, 'jpeg'));
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const jpegMeta = await sharp(jpeg.rawPayload).metadata();
    expect([jpegMeta.format, jpegMeta.width, jpegMeta.height]).toEqual(['jpeg', 400, 200]);
  });

  it('makes a variant once and serves the stored copy afterwards', async () => {
    const key = variantKey(hashOf(source), 640, 'webp');
    expect(await t.deps.storage.exists(key)).toBe(false);
    const first = await get(variantPath(SOURCE, 640, 'webp'));
    expect(first.statusCode).toBe(200);
    expect((await t.deps.storage.get(key))?.body.equals(first.rawPayload)).toBe(true);
    // Whatever is stored under the content key is what is served: no second resize.
    const marker = await striped(640, 320, 'webp');
    await t.deps.storage.put(key, marker, 'image/webp');
    const second = await get(variantPath(SOURCE, 640, 'webp'));
    expect(second.rawPayload.equals(marker)).toBe(true);
  });

  it('makes one copy when many ask for the same new variant at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get(variantPath(SOURCE, 240, 'jpeg'))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = new Set(answers.map((a) => a.rawPayload.toString('base64')));
    expect(bodies.size).toBe(1);
  });

  it('never enlarges a picture narrower than the asked width', async () => {
    const big = await get(variantPath(SOURCE, 1920, 'webp'));
    expect((await sharp(big.rawPayload).metadata()).width).toBe(800);
  });

  it('answers 304 to a browser that holds the same content', async () => {
    const first = await get(variantPath(SOURCE, 160, 'webp'));
    const etag = String(first.headers.etag);
    expect(etag).toContain(hashOf(source));
    const again = await get(variantPath(SOURCE, 160, 'webp'), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('names new content with a new key when a source is replaced', async () => {
    const key = 'public/banners/home-top-9.png';
    const before = await striped(1920, 120, 'png');
    await t.deps.storage.put(key, before, 'image/png');
    const a = await get(variantPath(key, 800, 'webp'));
    const after = await striped(1600, 100, 'png');
    await t.deps.storage.put(key, after, 'image/png');
    const b = await get(variantPath(key, 800, 'webp'));
    expect(a.headers.etag).not.toBe(b.headers.etag);
    expect((await sharp(b.rawPayload).metadata()).height).toBe(50);
  });

  it('refuses widths and formats off the list, private, missing and non-image files', async () => {
    await t.deps.storage.put(
      'private/works/w1/original.png',
      await striped(80, 40, 'png'),
      'image/png',
    );
    await t.deps.storage.put('public/works/w2/broken.png', Buffer.from('not a png'), 'image/png');
    const foldersBefore = await t.deps.storage.listFolders('public/variants/');
    const urls = [
      `/img/300/webp/${SOURCE}`,
      `/img/480/webp/${SOURCE}`,
      `/img/320/avif/${SOURCE}`,
      `/img/320/gif/${SOURCE}`,
      `/img/0320/webp/${SOURCE}`,
      '/img/320/webp/private/works/w1/original.png',
      '/img/320/webp/public/works/w9/preview-800.webp',
      '/img/320/webp/public/works/w2/broken.png',
      `/img/320/webp/${variantKey(hashOf(source), 640, 'webp')}`,
      '/img/320/webp/public/../private/works/w1/original.png',
      '/img/320/webp/public/works/w1/notes.txt',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    // Nothing was made for a refused request.
    expect(await t.deps.storage.listFolders('public/variants/')).toEqual(foldersBefore);
  });
});
