// Watches the designer's folders with chokidar: image files that appear or change are offered to the
// queue once they have finished writing; hidden, temporary and non-image files are ignored.
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname, isAbsolute, relative, sep } from 'node:path';
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';

/** Extensions of the image types the server accepts (it checks the content again). */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.tif',
  '.tiff',
]);
/** Extensions of files still being written by a browser, a copy tool or an editor. */
const TEMPORARY_EXTENSIONS: ReadonlySet<string> = new Set([
  '.tmp',
  '.temp',
  '.part',
  '.partial',
  '.crdownload',
  '.download',
  '.swp',
]);

/**
 * Whether a path under `root` is left alone: hidden files and folders (`.x`), Office and Photoshop
 * lock files (`~$x`), temporary downloads, and files that are not images. The root itself never is.
 * `stats` is absent on chokidar's first look; a name is then only judged by what it says.
 */
export function isIgnoredPath(root: string, path: string, stats?: Stats): boolean {
  const inside = relative(root, path);
  if (inside === '') return false;
  if (inside.startsWith('..') || isAbsolute(inside)) return true;
  for (const part of inside.split(sep)) {
    if (part.startsWith('.') || part.startsWith('~$')) return true;
  }
  const name = basename(path);
  const extension = extname(name).toLowerCase();
  if (TEMPORARY_EXTENSIONS.has(extension) || name.endsWith('~')) return true;
  if (stats?.isFile() === true) return !IMAGE_EXTENSIONS.has(extension);
  return false;
}

/** Whether a reported file is an image the queue should see (the name decides; chokidar reports files). */
export function isImageFile(path: string): boolean {
  return IMAGE_EXTENSIONS.has(extname(path).toLowerCase());
}

export type WatchedFile = {
  folderId: string;
  path: string;
  /** Path inside the watched folder, with `/` separators. */
  name: string;
  size: number;
  mtimeMs: number;
};

export type FolderWatcherOptions = {
  /** A new or changed image file that has stopped growing. */
  onFile: (file: WatchedFile) => void;
  /** A file was deleted or moved away. */
  onRemoved: (folderId: string, path: string) => void;
  /** The folder became unwatchable (deleted, no permission); null once it works again. */
  onProblem?: (folderId: string, problem: string | null) => void;
  /** How long a file's size must stay the same before it counts as written (default 1 s). */
  stabilityThresholdMs?: number;
  pollIntervalMs?: number;
};

export type FolderWatcher = {
  /** Starts watching; resolves once the first scan has offered every existing file. */
  watch(folderId: string, root: string): Promise<void>;
  unwatch(folderId: string): Promise<void>;
  close(): Promise<void>;
};

export function createFolderWatcher(options: FolderWatcherOptions): FolderWatcher {
  const watchers = new Map<string, FSWatcher>();

  function report(folderId: string, root: string, path: string, stats: Stats | undefined): void {
    if (isIgnoredPath(root, path) || !isImageFile(path)) return;
    const offer = (s: Stats) => {
      if (!s.isFile()) return;
      options.onFile({
        folderId,
        path,
        name: relative(root, path).split(sep).join('/'),
        size: s.size,
        mtimeMs: s.mtimeMs,
      });
    };
    if (stats) {
      offer(stats);
      return;
    }
    stat(path).then(offer, () => undefined);
  }

  return {
    async watch(folderId, root) {
      if (watchers.has(folderId)) return;
      const watcher = watch(root, {
        ignored: (path, stats) => isIgnoredPath(root, path, stats),
        ignoreInitial: false,
        alwaysStat: true,
        // Only files that appear or change after the first scan are waited for; the queue also
        // checks that a file has settled before reading it, which covers the first scan.
        awaitWriteFinish: {
          stabilityThreshold: options.stabilityThresholdMs ?? 1_000,
          pollInterval: options.pollIntervalMs ?? 200,
        },
        ignorePermissionErrors: true,
        persistent: true,
      });
      watchers.set(folderId, watcher);
      watcher.on('add', (path, stats) => report(folderId, root, path, stats));
      watcher.on('change', (path, stats) => report(folderId, root, path, stats));
      watcher.on('unlink', (path) => options.onRemoved(folderId, path));
      watcher.on('unlinkDir', (path) => {
        if (path === root) options.onProblem?.(folderId, '文件夹已被删除或移动');
      });
      watcher.on('error', (error) => {
        const text = error instanceof Error ? error.message : String(error);
        options.onProblem?.(folderId, `无法监视文件夹：${text}`);
      });
      await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    },
    async unwatch(folderId) {
      const watcher = watchers.get(folderId);
      watchers.delete(folderId);
      await watcher?.close();
    },
    async close() {
      const all = [...watchers.values()];
      watchers.clear();
      await Promise.all(all.map((w) => w.close()));
    },
  };
}
