import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

// Installers are 100 MB and more: hashed once per version of the file (path, size, mtime), streamed.

export type FileDigest = {
  size: number;
  mtimeMs: number;
  /** Lowercase hex, as people compare it with `sha256sum` / `Get-FileHash`. */
  sha256: string;
  /** Base64, as electron-builder writes it in latest*.yml. */
  sha512: string;
};

/** Both digests in one pass over the file. */
async function hashFile(path: string): Promise<{ sha256: string; sha512: string }> {
  const sha256 = createHash('sha256');
  const sha512 = createHash('sha512');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    sha256.update(chunk as Buffer);
    sha512.update(chunk as Buffer);
  }
  return { sha256: sha256.digest('hex'), sha512: sha512.digest('base64') };
}

export type DigestCache = {
  /** The file's digests, from the cache while its size and mtime are unchanged. */
  digest(path: string): Promise<FileDigest>;
  /** How many files were actually read (for tests and logs). */
  readonly hashed: number;
};

export function createDigestCache(): DigestCache {
  // One entry per path (the release folder holds a handful of files), replaced when the file changes.
  const done = new Map<string, FileDigest>();
  // Two visitors asking at once share one read.
  const running = new Map<string, Promise<FileDigest>>();
  let hashed = 0;
  return {
    get hashed() {
      return hashed;
    },
    async digest(path) {
      const info = await stat(path);
      const cached = done.get(path);
      if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) return cached;
      const key = `${path}\0${info.size}\0${info.mtimeMs}`;
      let pending = running.get(key);
      if (!pending) {
        pending = (async () => {
          hashed++;
          const sums = await hashFile(path);
          const after = await stat(path);
          // Rewritten while we read: these sums belong to no version of it; the next request retries.
          if (after.size !== info.size || after.mtimeMs !== info.mtimeMs) {
            throw new Error(`${path} changed while it was being hashed`);
          }
          const entry = { size: info.size, mtimeMs: info.mtimeMs, ...sums };
          done.set(path, entry);
          return entry;
        })().finally(() => running.delete(key));
        running.set(key, pending);
      }
      return pending;
    },
  };
}
