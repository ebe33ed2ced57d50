import { appendFile, mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderWatcher, isIgnoredPath } from './watcher';
import type { FolderWatcher, WatchedFile } from './watcher';

let root: string;
let watcher: FolderWatcher;
let files: WatchedFile[];
let removed: string[];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'wenyang-watch-'));
  files = [];
  removed = [];
  watcher = createFolderWatcher({
    onFile: (file) => files.push(file),
    onRemoved: (_id, path) => removed.push(path),
    stabilityThresholdMs: 300,
    pollIntervalMs: 50,
  });
});
afterEach(async () => {
  await watcher.close();
  await rm(root, { recursive: true, force: true });
});

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(condition()).toBe(true);
}

describe('isIgnoredPath', () => {
  it('leaves alone hidden, lock, temporary and non-image files, never the folder itself', () => {
    const file = { isFile: () => true } as never;
    const folder = { isFile: () => false } as never;
    expect(isIgnoredPath('/w/.hidden', '/w/.hidden')).toBe(false);
    expect(isIgnoredPath('/w', '/w/a.PNG', file)).toBe(false);
    expect(isIgnoredPath('/w', '/w/sub/b.tiff', file)).toBe(false);
    expect(isIgnoredPath('/w', '/w/sub', folder)).toBe(false);
    expect(isIgnoredPath('/w', '/w/sub')).toBe(false);
    for (const path of [
      '/w/.DS_Store',
      '/w/.cache/a.png',
      '/w/~$a.png',
      '/w/a.png.tmp',
      '/w/a.png.part',
      '/w/a.jpg.crdownload',
      '/w/a.png~',
    ]) {
      expect(isIgnoredPath('/w', path), path).toBe(true);
    }
    expect(isIgnoredPath('/w', '/w/notes.txt', file)).toBe(true);
    expect(isIgnoredPath('/w', '/w/design.psd', file)).toBe(true);
  });
});

describe('folder watcher', () => {
  it('offers the images already in the folder, and new and changed ones', async () => {
    await mkdir(join(root, '春季'));
    await writeFile(join(root, '春季', 'old.png'), 'old');
    await writeFile(join(root, 'readme.txt'), 'text');
    await watcher.watch('f1', root);
    expect(files.map((f) => f.name)).toEqual(['春季/old.png']);

    await writeFile(join(root, 'new.jpg'), 'new');
    await until(() => files.some((f) => f.name === 'new.jpg'));
    await new Promise((r) => setTimeout(r, 50));
    await writeFile(join(root, 'new.jpg'), 'new, edited');
    await until(() => files.filter((f) => f.name === 'new.jpg').length === 2);
    expect(files.at(-1)).toMatchObject({ folderId: 'f1', size: 'new, edited'.length });
  });

  it('ignores temporary and hidden files', async () => {
    await watcher.watch('f1', root);
    await writeFile(join(root, 'a.png.crdownload'), 'x');
    await writeFile(join(root, '.b.png'), 'x');
    await writeFile(join(root, '~$c.png'), 'x');
    await writeFile(join(root, 'd.png'), 'x');
    await until(() => files.length === 1);
    await new Promise((r) => setTimeout(r, 400));
    expect(files.map((f) => f.name)).toEqual(['d.png']);
  });

  it('offers a file still being written only once it has stopped growing', async () => {
    await watcher.watch('f1', root);
    const path = join(root, 'scan.tif');
    await writeFile(path, 'a');
    for (let i = 0; i < 6; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      await appendFile(path, 'more bytes ');
    }
    expect(files).toEqual([]);
    await until(() => files.length > 0);
    expect(files).toHaveLength(1);
    expect(files[0]?.size).toBe(1 + 6 * 'more bytes '.length);
  });

  it('reports a deleted file', async () => {
    await writeFile(join(root, 'gone.png'), 'x');
    await watcher.watch('f1', root);
    await unlink(join(root, 'gone.png'));
    await until(() => removed.length === 1);
    expect(removed).toEqual([join(root, 'gone.png')]);
  });
});
