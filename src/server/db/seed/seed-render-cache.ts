import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import writeFileAtomic from 'write-file-atomic';
import type { Storage } from '../../platform/storage/storage';

// The demo seed draws the same pictures every time (deterministic art, same sizes), and the test
// suite seeds a fresh demo catalogue for each server test app: well over a hundred times a run, each
// spending most of its seconds in sharp. When WENYANG_SEED_RENDER_CACHE names a folder (the test
// run's global setup makes one per run and removes it after: vitest.global-setup.ts), each drawn
// result is kept there under the hash of everything it was drawn from, and a later seed reads it
// back instead of drawing again. Without the variable (npm start, the seed CLI, production) nothing
// is cached and the seed draws as before. A folder per run means a change to the drawing code can
// never meet pictures drawn by the old code. Files are written atomically (write-file-atomic), so
// parallel test workers never read half a file.

export const SEED_RENDER_CACHE_ENV = 'WENYANG_SEED_RENDER_CACHE';

type Blobs<T> = { meta: T; blobs: Buffer[] };

function cacheDir(): string | undefined {
  const dir = process.env[SEED_RENDER_CACHE_ENV];
  return dir ? dir : undefined;
}

function keyOf(kind: string, parts: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256').update(kind);
  for (const part of parts) {
    hash.update('\0');
    hash.update(part);
  }
  return `${kind}-${hash.digest('hex').slice(0, 40)}`;
}

/** One file: a 4-byte header length, the JSON header (meta and blob sizes), then the blobs. */
function encode<T>({ meta, blobs }: Blobs<T>): Buffer {
  const header = Buffer.from(JSON.stringify({ meta, sizes: blobs.map((b) => b.length) }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, ...blobs]);
}

function decode<T>(file: Buffer): Blobs<T> | null {
  if (file.length < 4) return null;
  const headerLength = file.readUInt32BE(0);
  const { meta, sizes } = JSON.parse(file.subarray(4, 4 + headerLength).toString()) as {
    meta: T;
    sizes: number[];
  };
  let at = 4 + headerLength;
  const blobs = sizes.map((size) => {
    const blob = file.subarray(at, at + size);
    at += size;
    return blob;
  });
  return at === file.length ? { meta, blobs } : null;
}

/** Computes, or reads back what the same inputs computed earlier in this test run. */
export async function memoBlobs<T>(
  kind: string,
  parts: readonly (string | Buffer)[],
  compute: () => Promise<Blobs<T>>,
): Promise<Blobs<T>> {
  const dir = cacheDir();
  if (!dir) return compute();
  const file = join(dir, keyOf(kind, parts));
  const cached = await readFile(file).then(decode<T>, () => null);
  if (cached) return cached;
  const result = await compute();
  await mkdir(dir, { recursive: true });
  // No fsync: a cache that dies with the test run need not survive a power cut.
  await writeFileAtomic(file, encode(result), { fsync: false });
  return result;
}

/** An SVG drawn as PNG by sharp (banners, covers, pattern art). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const { blobs } = await memoBlobs('svg-png', [svg], async () => ({
    meta: null,
    blobs: [await sharp(Buffer.from(svg)).png().toBuffer()],
  }));
  const [png] = blobs;
  if (!png) throw new Error('seed render cache: missing PNG');
  return png;
}

/**
 * Runs `write` (which stores files and returns what it made) against the storage, or, when the same
 * inputs ran earlier in this test run, puts the same files again and returns the same result.
 */
export async function memoStored<T>(
  storage: Storage,
  kind: string,
  parts: readonly (string | Buffer)[],
  write: (storage: Storage) => Promise<T>,
): Promise<T> {
  if (!cacheDir()) return write(storage);
  const puts: { key: string; contentType: string }[] = [];
  const bodies: Buffer[] = [];
  let replayed = true;
  const { meta, blobs } = await memoBlobs<{ result: T; puts: typeof puts }>(
    kind,
    parts,
    async () => {
      replayed = false;
      const put: Storage['put'] = async (key, body, contentType) => {
        puts.push({ key, contentType });
        bodies.push(body);
        await storage.put(key, body, contentType);
      };
      // The same storage, its writes noted on the way through.
      const recording = new Proxy(storage, {
        get: (target, name): unknown => (name === 'put' ? put : Reflect.get(target, name)),
      });
      const result = await write(recording);
      return { meta: { result, puts }, blobs: bodies };
    },
  );
  if (replayed) {
    for (const [i, put] of meta.puts.entries()) {
      const body = blobs[i];
      if (!body) throw new Error('seed render cache: missing file');
      await storage.put(put.key, body, put.contentType);
    }
  }
  return meta.result;
}
