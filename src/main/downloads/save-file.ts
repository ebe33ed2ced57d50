// 下载原图 on the desktop: a licensed original, fetched with the session's cookie jar from its signed
// /files/ link, written into the download folder the user chose (下载设置). The bytes go to a temporary
// file beside the final one, renamed only when complete, so a crash never leaves half an original
// under its real name; an existing file is never overwritten (name (1).png, like browsers). No Electron.
import { randomBytes } from 'node:crypto';
import { link, lstat, open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import type { DownloadProgress, SaveFileRequest, SaveFileResult } from '../../shared/bridge';
import { safeFileName } from '../../shared/rules/download-name';
import { errorCode, syncFolder } from '../atomic-file';
import type { HttpClient } from '../session/http-client';

/** The only server paths saveFile fetches: stored files, whose signature the server checks. */
export const SAVE_FILE_PATH_PREFIX = '/files/';
/** Longest saved name, extension included. */
export const SAVED_NAME_MAX_LENGTH = 120;
/** Licensed originals are stored as PNG. */
export const ORIGINAL_EXTENSION = '.png';
/** At most one progress event per this many ms (~10 a second); the last one always goes. */
export const PROGRESS_INTERVAL_MS = 100;
/** Marks a save in progress; such a file is never a finished original. */
export const PARTIAL_SUFFIX = '.wenyang-part';
const MAX_COPIES = 999;

// What the page shows as it is (Chinese).
export const SAVE_FILE_MSG = {
  badLink: '原图下载链接无效，请重新点击下载原图',
  badName: '文件名无效',
  linkExpired: '原图下载链接已失效，请重新点击下载原图',
  serverRefused: (status: number) => `服务器拒绝了下载（${status}），请稍后重试`,
  network: '原图下载失败，请检查网络后重试',
  incomplete: '原图下载不完整，请重试',
  cannotWrite: (folder: string) => `无法写入下载文件夹 ${folder}，请在下载设置中更换文件夹`,
  diskFull: '磁盘空间不足，原图未能保存',
  tooManyCopies: '下载文件夹中同名文件过多，请整理后再试',
  failed: '原图保存失败，请重试',
} as const;

class SaveRefused extends Error {
  override name = 'SaveRefused';
}

export type FileSaverOptions = {
  http: Pick<HttpClient, 'stream'>;
  /** The download folder in force (DownloadSettingsStore.get().folder). */
  folder: () => Promise<string>;
  onProgress: (progress: DownloadProgress) => void;
  /** Clock for the progress throttle. */
  now?: () => number;
  progressIntervalMs?: number;
  /** Longest silence from the server before the download is given up. */
  timeoutMs?: number;
};

export type FileSaver = {
  /** The request comes from the renderer and is checked, not trusted. */
  saveFile(request: unknown): Promise<SaveFileResult>;
};

/** The signed path, if it is one: under /files/, one server path, no way up or out. */
export function parseOriginalPath(path: unknown): string {
  if (typeof path !== 'string' || !path.startsWith(SAVE_FILE_PATH_PREFIX)) {
    throw new SaveRefused(SAVE_FILE_MSG.badLink);
  }
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    throw new SaveRefused(SAVE_FILE_MSG.badLink);
  }
  if (
    path.length > 2048 ||
    [...path].some((char) => char < ' ' || char === '\u007f' || char === '\\') ||
    decoded.includes('\\') ||
    decoded.split('/').some((segment) => segment === '..' || segment === '.') ||
    pathname.includes('//')
  ) {
    throw new SaveRefused(SAVE_FILE_MSG.badLink);
  }
  return path;
}

/**
 * The name the file is saved under: no separators, reserved or control characters, at most
 * SAVED_NAME_MAX_LENGTH characters, always ending in `.png`.
 */
export function sanitiseSavedName(raw: unknown): string {
  if (typeof raw !== 'string') throw new SaveRefused(SAVE_FILE_MSG.badName);
  const withoutExtension = raw.trim().replace(/\.png$/i, '');
  const maxBase = SAVED_NAME_MAX_LENGTH - ORIGINAL_EXTENSION.length;
  const base = [...safeFileName(withoutExtension)]
    .slice(0, maxBase)
    .join('')
    .replace(/[. ]+$/, '');
  return `${base || '原图'}${ORIGINAL_EXTENSION}`;
}

/** `name.png`, then `name (1).png`, `name (2).png`… */
export function copyName(name: string, copy: number): string {
  if (copy === 0) return name;
  const stem = name.slice(0, -ORIGINAL_EXTENSION.length);
  return `${stem} (${copy})${ORIGINAL_EXTENSION}`;
}

/** `name` inside `folder`, refusing anything that would land elsewhere. */
export function insideFolder(folder: string, name: string): string {
  const target = resolve(folder, name);
  const rel = relative(folder, target);
  if (rel === '' || isAbsolute(rel) || rel !== basename(target) || rel.startsWith('..')) {
    throw new SaveRefused(SAVE_FILE_MSG.badName);
  }
  return target;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Gives the finished temporary file its final name without replacing anything: a hard link fails
 * when the name is taken; on file systems without links (FAT drives) a checked rename does.
 */
async function claimName(folder: string, name: string, temporary: string): Promise<string> {
  for (let copy = 0; copy <= MAX_COPIES; copy += 1) {
    const target = insideFolder(folder, copyName(name, copy));
    try {
      await link(temporary, target);
      await unlink(temporary);
      return target;
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EEXIST') continue;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EXDEV') {
        throw error;
      }
      if (await exists(target)) continue;
      await rename(temporary, target);
      return target;
    }
  }
  throw new SaveRefused(SAVE_FILE_MSG.tooManyCopies);
}

function refusalOfServer(status: number, text: string): string {
  try {
    const msg: unknown = (JSON.parse(text) as Record<string, unknown>)['msg'];
    if (typeof msg === 'string' && msg) return msg;
  } catch {
    // Not an envelope: say it by status.
  }
  return status === 403 || status === 404 || status === 410
    ? SAVE_FILE_MSG.linkExpired
    : SAVE_FILE_MSG.serverRefused(status);
}

function messageOfWriteError(error: unknown, folder: string): string {
  const code = errorCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT') return SAVE_FILE_MSG.diskFull;
  return SAVE_FILE_MSG.cannotWrite(folder);
}

export function createFileSaver(options: FileSaverOptions): FileSaver {
  const now = options.now ?? Date.now;
  const interval = options.progressIntervalMs ?? PROGRESS_INTERVAL_MS;

  async function save(request: unknown): Promise<SaveFileResult> {
    const { path, fileName } = (
      typeof request === 'object' && request !== null ? request : {}
    ) as Partial<Record<keyof SaveFileRequest, unknown>>;
    const askedName = typeof fileName === 'string' ? fileName.slice(0, 300) : '';
    let received = 0;
    let total: number | null = null;
    let lastSent = -Infinity;
    const report = (end?: { error?: string }) => {
      const at = now();
      if (!end && at - lastSent < interval) return;
      lastSent = at;
      options.onProgress({
        fileName: askedName,
        received,
        total,
        done: end !== undefined,
        ...(end?.error !== undefined && { error: end.error }),
      });
    };

    let temporary: string | null = null;
    let handle: FileHandle | null = null;
    try {
      const serverPath = parseOriginalPath(path);
      const name = sanitiseSavedName(fileName);
      const folder = resolve(await options.folder());

      const response = await options.http
        .stream({
          path: serverPath,
          ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
        })
        .catch(() => {
          throw new SaveRefused(SAVE_FILE_MSG.network);
        });
      if (response.status < 200 || response.status > 299 || response.body === null) {
        throw new SaveRefused(refusalOfServer(response.status, response.text));
      }
      const length = Number(response.headers['content-length']);
      total = Number.isSafeInteger(length) && length >= 0 ? length : null;
      report();

      temporary = insideFolder(
        folder,
        `.${name.slice(0, 60)}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`,
      );
      try {
        handle = await open(temporary, 'wx', 0o644);
      } catch (error) {
        temporary = null;
        throw new SaveRefused(messageOfWriteError(error, folder));
      }
      const reader = response.body.getReader();
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch {
          throw new SaveRefused(SAVE_FILE_MSG.network);
        }
        if (chunk.done) break;
        try {
          await handle.write(chunk.value);
        } catch (error) {
          await reader.cancel().catch(() => undefined);
          throw new SaveRefused(messageOfWriteError(error, folder));
        }
        received += chunk.value.byteLength;
        report();
      }
      if (total !== null && received !== total) throw new SaveRefused(SAVE_FILE_MSG.incomplete);
      try {
        await handle.sync();
        await handle.close();
        handle = null;
      } catch (error) {
        throw new SaveRefused(messageOfWriteError(error, folder));
      }
      const savedPath = await claimName(folder, name, temporary).catch((error: unknown) => {
        throw error instanceof SaveRefused
          ? error
          : new SaveRefused(messageOfWriteError(error, folder));
      });
      temporary = null;
      await syncFolder(folder);
      total ??= received;
      report({});
      return { ok: true, savedPath };
    } catch (error) {
      if (!(error instanceof SaveRefused)) {
        report({ error: SAVE_FILE_MSG.failed });
        throw error;
      }
      report({ error: error.message });
      return { ok: false, message: error.message };
    } finally {
      await handle?.close().catch(() => undefined);
      if (temporary !== null) await unlink(temporary).catch(() => undefined);
    }
  }

  return { saveFile: save };
}
