import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackS3 } from '../../testing/loopback-s3';
import type { LoopbackS3 } from '../../testing/loopback-s3';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { copyLocalFolder } from './storage-copy';
import { RangeNotSatisfiableError } from './storage';
import type { Storage } from './storage';

const SECRET = 'x'.repeat(32);

let s3: LoopbackS3 | undefined;
let buckets = 0;

beforeAll(async () => {
  s3 = await startLoopbackS3();
});
afterAll(async () => {
  await s3?.close();
});

/** Every storage keeps the same promises; each test gets an empty one. */
const STORAGES: { name: string; make: () => Promise<Storage> }[] = [
  {
    name: 'local folder',
    make: async () => createLocalStorage(mkdtempSync(join(tmpdir(), 'wenyang-storage-')), SECRET),
  },
  {
    name: 'S3-compatible bucket',
    make: async () => createS3Storage(await s3!.bucket(`test-${++buckets}`), SECRET),
  },
];

const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

describe.each(STORAGES)('storage: $name', ({ make }) => {
  it('keeps what was put and forgets what was deleted', async () => {
    const storage = await make();
    await storage.put('public/a/b.png', Buffer.from('png-bytes'), 'image/png');
    const got = await storage.get('public/a/b.png');
    expect(got?.body.toString()).toBe('png-bytes');
    expect(got?.contentType).toBe('image/png');
    expect(got?.size).toBe(9);
    expect(await storage.exists('public/a/b.png')).toBe(true);
    await storage.delete('public/a/b.png');
    expect(await storage.get('public/a/b.png')).toBeNull();
    expect(await storage.exists('public/a/b.png')).toBe(false);
    // Deleting what is not there is not an error (a retried cleanup).
    await storage.delete('public/a/b.png');
  });

  it('answers null for a key that was never put', async () => {
    const storage = await make();
    expect(await storage.get('private/none/x.png')).toBeNull();
    expect(await storage.head('private/none/x.png')).toBeNull();
    expect(await storage.getStream('private/none/x.png')).toBeNull();
    expect(await storage.getStream('private/none/x.png', { start: 0, end: 1 })).toBeNull();
  });

  it('replaces a file put again under the same key, and its tag with it', async () => {
    const storage = await make();
    await storage.put('private/doc/r.pdf', Buffer.from('first'), 'application/pdf');
    const before = await storage.head('private/doc/r.pdf');
    await new Promise((resolve) => setImmediate(resolve));
    await storage.put('private/doc/r.pdf', Buffer.from('second!'), 'application/pdf');
    const after = await storage.head('private/doc/r.pdf');
    expect((await storage.get('private/doc/r.pdf'))?.body.toString()).toBe('second!');
    expect(after).toMatchObject({ size: 7, contentType: 'application/pdf' });
    expect(after?.etag).not.toBe(before?.etag);
  });

  it('streams a file whole or from a byte range, with its size and tag', async () => {
    const storage = await make();
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    await storage.put('private/works/1/original.png', bytes, 'image/png');
    const head = await storage.head('private/works/1/original.png');
    expect(head).toMatchObject({ size: 5000, contentType: 'image/png' });
    expect(head?.etag).toMatch(/^"[^"]+"$/);

    const whole = await storage.getStream('private/works/1/original.png');
    expect(whole).toMatchObject({ size: 5000, etag: head?.etag, range: null });
    expect((await readAll(whole!.body)).equals(bytes)).toBe(true);

    const part = await storage.getStream('private/works/1/original.png', {
      start: 4000,
      end: 9999,
    });
    expect(part).toMatchObject({ size: 5000, etag: head?.etag, range: { start: 4000, end: 4999 } });
    expect((await readAll(part!.body)).equals(bytes.subarray(4000))).toBe(true);

    await expect(
      storage.getStream('private/works/1/original.png', { start: 5000, end: 5000 }),
    ).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('lists the folders under a prefix and removes a folder with everything in it', async () => {
    const storage = await make();
    expect(await storage.listFolders('private/search/')).toEqual([]);
    await storage.put('private/search/2026-11-19/a.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('private/search/2026-11-19/deep/c.jpg', Buffer.from('c'), 'image/jpeg');
    await storage.put('private/search/2026-11-21/b.jpg', Buffer.from('b'), 'image/jpeg');
    await storage.put('private/searched/x.jpg', Buffer.from('x'), 'image/jpeg');
    expect((await storage.listFolders('private/search/')).sort()).toEqual([
      '2026-11-19',
      '2026-11-21',
    ]);
    await storage.deleteFolder('private/search/2026-11-19/');
    expect(await storage.exists('private/search/2026-11-19/a.jpg')).toBe(false);
    expect(await storage.exists('private/search/2026-11-19/deep/c.jpg')).toBe(false);
    expect(await storage.exists('private/search/2026-11-21/b.jpg')).toBe(true);
    expect(await storage.exists('private/searched/x.jpg')).toBe(true);
    expect(await storage.listFolders('private/search/')).toEqual(['2026-11-21']);
    await storage.deleteFolder('private/search/none/');
    await expect(storage.deleteFolder('private/../')).rejects.toThrow();
    await expect(storage.listFolders('private')).rejects.toThrow();
  });

  it('refuses keys that try to leave the storage folder', async () => {
    const storage = await make();
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(storage.get('/etc/passwd')).rejects.toThrow();
    await expect(storage.getStream('a/../../b')).rejects.toThrow();
  });

  it('signs URLs that verify until they expire, and not for another key', async () => {
    const storage = await make();
    const url = new URL(storage.signedUrl('private/works/1/original.png', 60), 'http://x');
    expect(url.pathname).toBe('/files/private/works/1/original.png');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig') ?? '';
    expect(storage.verify('private/works/1/original.png', expires, sig)).toBe(true);
    expect(storage.verify('private/works/2/original.png', expires, sig)).toBe(false);
    expect(storage.verify('private/works/1/original.png', expires, sig, (expires + 1) * 1000)).toBe(
      false,
    );
  });
});

describe('S3-compatible bucket, many keys', () => {
  it('lists and removes folders over several pages of keys, deleting in batches', async () => {
    // Small pages and batches stand for S3's 1000, so a few keys cross several of them.
    const storage = createS3Storage(await s3!.bucket('test-pages'), SECRET, undefined, {
      listPage: 4,
      delete: 3,
    });
    const keys = Array.from({ length: 23 }, (_, i) => `private/search/d${i % 7}/k${i}.jpg`);
    await Promise.all(keys.map((k) => storage.put(k, Buffer.from('k'), 'image/jpeg')));
    await storage.put('private/other/keep.jpg', Buffer.from('k'), 'image/jpeg');
    const days = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6'];
    expect((await storage.listFolders('private/search/')).sort()).toEqual(days);
    await storage.deleteFolder('private/search/');
    expect(await storage.listFolders('private/search/')).toEqual([]);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists('private/other/keep.jpg')).toBe(true);
  });
});

describe('moving a local folder into a bucket (npm run storage:copy)', () => {
  it('copies every file once; a second run copies only what changed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wenyang-copy-'));
    const local = createLocalStorage(root, SECRET);
    await local.put('public/works/1/thumb.webp', Buffer.from('thumb'), 'image/webp');
    await local.put('private/works/1/original.png', Buffer.from('original'), 'image/png');
    await local.put('private/invoices/R1.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
    writeFileSync(join(root, 'private/works/1/original.png.abc.tmp'), 'half-written');
    const bucket = createS3Storage(await s3!.bucket('test-copy'), SECRET);

    expect(await copyLocalFolder(root, bucket)).toEqual({ copied: 3, skipped: 0, failed: [] });
    expect((await bucket.get('private/works/1/original.png'))?.body.toString()).toBe('original');
    expect(await bucket.exists('private/works/1/original.png.abc.tmp')).toBe(false);
    expect((await bucket.head('public/works/1/thumb.webp'))?.contentType).toBe('image/webp');

    expect(await copyLocalFolder(root, bucket)).toEqual({ copied: 0, skipped: 3, failed: [] });
    // Same size, other bytes: the MD5 tells them apart.
    await local.put('private/works/1/original.png', Buffer.from('ORIGINAL'), 'image/png');
    expect(await copyLocalFolder(root, bucket)).toEqual({ copied: 1, skipped: 2, failed: [] });
    expect((await bucket.get('private/works/1/original.png'))?.body.toString()).toBe('ORIGINAL');
  });
});
