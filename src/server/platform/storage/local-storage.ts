import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { FILES_ROUTE, assertValidFolder, assertValidKey } from './storage';
import type { Storage, StoredObject } from './storage';

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

/** Files in a folder under DATA_DIR; writes are atomic (temp file, then rename). */
export function createLocalStorage(root: string, secret: string): Storage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return join(root, key);
  };
  const sign = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');

  return {
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
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
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
    signedUrl(key, ttlSeconds) {
      assertValidKey(key);
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `${FILES_ROUTE}${key}?expires=${expires}&sig=${sign(key, expires)}`;
    },
    verify(key, expires, signature, nowMs = Date.now()) {
      if (!Number.isInteger(expires) || expires * 1000 < nowMs) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
