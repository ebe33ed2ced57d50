import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { contentTypeOf } from './local-storage';
import { assertValidKey } from './storage';
import type { Storage } from './storage';

export type CopyReport = {
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
};

/** Every file under `root` as a storage key (`a/b/c.png`); half-written `.tmp` files are left out. */
async function* keysIn(root: string, prefix = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(join(root, prefix), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) yield* keysIn(root, `${key}/`);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) yield key;
  }
}

/** An S3 ETag of a single-part upload is the MD5 of the bytes; other tags are not compared. */
const MD5_TAG = /^"[0-9a-f]{32}"$/;

/**
 * Copies every file of a local storage folder (DATA_DIR/files) into `target` under the same key.
 * Idempotent: a key already there with the same size (and the same MD5, where the tag is one) is
 * skipped, so an interrupted copy is simply run again.
 */
export async function copyLocalFolder(
  root: string,
  target: Storage,
  options: {
    concurrency?: number;
    dryRun?: boolean;
    onKey?: (key: string, copied: boolean) => void;
  } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, failed: [] };
  const copyOne = async (key: string) => {
    try {
      assertValidKey(key);
      const body = await readFile(join(root, key));
      const there = await target.head(key);
      const md5 = `"${createHash('md5').update(body).digest('hex')}"`;
      const same =
        there !== null &&
        there.size === body.length &&
        (!MD5_TAG.test(there.etag) || there.etag === md5);
      if (same) {
        report.skipped += 1;
      } else {
        if (!options.dryRun) await target.put(key, body, contentTypeOf(key));
        report.copied += 1;
      }
      options.onKey?.(key, !same);
    } catch (err) {
      report.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
    }
  };
  const running = new Set<Promise<void>>();
  for await (const key of keysIn(root)) {
    const task = copyOne(key).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= (options.concurrency ?? 8)) await Promise.race(running);
  }
  await Promise.all(running);
  return report;
}
