import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { createUrlSigner } from './signed-urls';
import { RangeNotSatisfiableError, assertValidFolder, assertValidKey } from './storage';
import type { Storage, StoredHead, StoredObject } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/** Size and modification time, as nginx does: a rewrite under the same key changes the tag. */
const headOf = (key: string, stats: Stats): StoredHead => ({
  contentType: contentTypeOf(key),
  size: stats.size,
  etag: `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`,
});

/** Files in a folder under DATA_DIR; writes are atomic (temp file, then rename). */
export function createLocalStorage(root: string, secret: string): Storage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };

  return {
    ...createUrlSigner(secret),
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async get(key): Promise<StoredObject | null> {
      try {
        const body = await readFile(fileOf(key));
        return { body, contentType: contentTypeOf(key), size: body.length };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async head(key) {
      const file = fileOf(key);
      try {
        const stats = await stat(file);
        return stats.isFile() ? headOf(key, stats) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async getStream(key, range) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      try {
        // Size and bytes from one open file: a rename over the key meanwhile changes neither.
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        const head = headOf(key, stats);
        if (range && range.start >= stats.size) throw new RangeNotSatisfiableError(stats.size);
        const served = range
          ? { start: range.start, end: Math.min(range.end, stats.size - 1) }
          : null;
        const body = handle.createReadStream(served ?? {});
        return { ...head, body, range: served };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async listFolders(prefix) {
      assertValidFolder(prefix);
      try {
        const entries = await readdir(join(root, prefix), { withFileTypes: true });
        return entries.filter((e) => e.isDirectory()).map((e) => e.name);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    },
    async deleteFolder(prefix) {
      assertValidFolder(prefix);
      await rm(join(root, prefix), { recursive: true, force: true });
    },
  };
}
