// 下载原图 on the desktop: a licensed original, fetched with the session's cookie jar from its signed
// /files/ link, written into the download folder the user chose (下载设置). The bytes go to a partial
// file beside the final one, renamed only when complete and of the announced size, so a crash never
// leaves half an original under its real name; an existing file is never overwritten (name (1).png,
// like browsers). An interrupted download keeps its partial file and a small record in the user-data
// folder: the next try — the user's, or the app's own at the next start with a fresh signed link —
// continues with an HTTP Range request (If-Range: the file's ETag) instead of starting over. No Electron.
import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import type { DownloadProgress, SaveFileRequest, SaveFileResult } from '../../shared/bridge';
import { SUCCESS_CODE } from '../../shared/constants';
import { getUserImgAuth } from '../../shared/contract/orders';
import { safeFileName } from '../../shared/rules/download-name';
import { errorCode, syncFolder, writeFileAtomically } from '../atomic-file';
import type { HttpClient, HttpStreamResponse } from '../session/http-client';

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
/** The records of interrupted downloads, in the user-data folder. */
export const PARTIAL_RECORDS_FILE = 'partial-downloads.json';
/** Bytes are made durable (fsync) and the record updated at least this often while downloading. */
export const CHECKPOINT_BYTES = 4 * 1024 * 1024;
/** Interrupted downloads kept; the oldest beyond this are given up with their partial files. */
export const PARTIAL_RECORDS_MAX = 20;
/** An interrupted download older than this is given up. */
export const PARTIAL_RECORD_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const MAX_COPIES = 999;

// What the page shows as it is (Chinese).
export const SAVE_FILE_MSG = {
  badLink: '原图下载链接无效，请重新点击下载原图',
  badName: '文件名无效',
  linkExpired: '原图下载链接已失效，请重新点击下载原图',
  serverRefused: (status: number) => `服务器拒绝了下载（${status}），请稍后重试`,
  network: '原图下载中断，请检查网络后重试，将从中断处继续下载',
  incomplete: '原图下载不完整，请重试，将从中断处继续下载',
  sizeMismatch: '下载的原图大小与服务器不符，已丢弃，请重新下载',
  cannotWrite: (folder: string) => `无法写入下载文件夹 ${folder}，请在下载设置中更换文件夹`,
  diskFull: '磁盘空间不足，原图未能保存；腾出空间后重试将从中断处继续',
  tooManyCopies: '下载文件夹中同名文件过多，请整理后再试',
  alreadySaving: '这张原图正在下载中',
  failed: '原图保存失败，请重试',
} as const;

class SaveRefused extends Error {
  override name = 'SaveRefused';
  constructor(
    message: string,
    /** Whether the partial file is worth keeping for the next try. */
    readonly keepPartial = false,
  ) {
    super(message);
  }
}

/** An interrupted download, kept so the next try continues where it stopped. */
export type PartialDownload = {
  /** The server file (the signed path without its query): a fresh link to it continues this one. */
  key: string;
  /** The work, so the app can ask for a fresh signed link at the next start; null when unknown. */
  workId: number | null;
  /** The name the page asked for (progress events carry it). */
  fileName: string;
  /** The cleaned name the original will have. */
  name: string;
  folder: string;
  /** Absolute path of the partial file inside `folder`. */
  partial: string;
  /** Bytes of the partial file known to be on disk (fsynced). */
  received: number;
  /** The whole file's size, as the server said. */
  total: number;
  /** The server's ETag: a Range request continues only the same file. */
  etag: string | null;
  updatedAt: number;
};

export type FileSaverOptions = {
  http: Pick<HttpClient, 'stream' | 'request'>;
  /** The download folder in force (DownloadSettingsStore.get().folder). */
  folder: () => Promise<string>;
  /** The user-data folder the records of interrupted downloads are kept in. */
  recordsDir: string;
  onProgress: (progress: DownloadProgress) => void;
  /** Told of every original saved (the system notification). */
  onSaved?: (savedPath: string, fileName: string) => void;
  /** Clock for the progress throttle and the records' age. */
  now?: () => number;
  progressIntervalMs?: number;
  /** Longest silence from the server before the download is given up. */
  timeoutMs?: number;
  checkpointBytes?: number;
};

export type FileSaver = {
  /** The request comes from the renderer and is checked, not trusted. */
  saveFile(request: unknown): Promise<SaveFileResult>;
  /**
   * Continues every interrupted download of a known work with a fresh signed link (the app's start,
   * once signed in); one result per download tried.
   */
  resumePending(): Promise<SaveFileResult[]>;
  /** The interrupted downloads waiting to be continued. */
  pending(): Promise<PartialDownload[]>;
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

/** The stored file a signed path names, whatever its signature: the key of its partial download. */
export function originalKey(signedPath: string): string {
  return signedPath.split(/[?#]/, 1)[0] ?? signedPath;
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

/**
 * Reads `Content-Range: bytes start-end/total` of a 206 answer; null when it is not one range of a
 * known size.
 */
export function parseContentRange(
  value: string | undefined,
): { start: number; end: number; total: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (![start, end, total].every(Number.isSafeInteger) || start > end || end >= total) return null;
  return { start, end, total };
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

/** Size of a regular file, or null when it is missing or not a plain file (a link put there). */
async function regularFileSize(path: string): Promise<number | null> {
  try {
    const info = await lstat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
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

function messageOfWriteError(error: unknown, folder: string): SaveRefused {
  const code = errorCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT') return new SaveRefused(SAVE_FILE_MSG.diskFull, true);
  return new SaveRefused(SAVE_FILE_MSG.cannotWrite(folder));
}

function parseRecord(value: unknown): PartialDownload | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  const strings = ['key', 'fileName', 'name', 'folder', 'partial'] as const;
  if (!strings.every((field) => typeof r[field] === 'string')) return null;
  const numbers = ['received', 'total', 'updatedAt'] as const;
  if (!numbers.every((field) => Number.isSafeInteger(r[field]) && (r[field] as number) >= 0)) {
    return null;
  }
  const record = {
    key: r['key'] as string,
    workId: Number.isSafeInteger(r['workId']) ? (r['workId'] as number) : null,
    fileName: r['fileName'] as string,
    name: r['name'] as string,
    folder: r['folder'] as string,
    partial: r['partial'] as string,
    received: r['received'] as number,
    total: r['total'] as number,
    etag: typeof r['etag'] === 'string' ? r['etag'] : null,
    updatedAt: r['updatedAt'] as number,
  };
  // A record is only trusted to name a partial file of ours inside its folder.
  if (!isAbsolute(record.folder) || !record.partial.endsWith(PARTIAL_SUFFIX)) return null;
  try {
    if (insideFolder(record.folder, basename(record.partial)) !== record.partial) return null;
    parseOriginalPath(record.key);
  } catch {
    return null;
  }
  return record.received <= record.total ? record : null;
}

/** The records of interrupted downloads: one JSON file rewritten atomically, writes in order. */
async function openRecords(dir: string, now: () => number) {
  await mkdir(dir, { recursive: true });
  const file = join(dir, PARTIAL_RECORDS_FILE);
  let records: PartialDownload[] = [];
  try {
    const data: unknown = JSON.parse(await readFile(file, 'utf8'));
    const list = (data as Record<string, unknown> | null)?.['downloads'];
    records = (Array.isArray(list) ? list : [])
      .map(parseRecord)
      .filter((r): r is PartialDownload => r !== null);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') {
      console.error('[wenyang] 未完成的下载记录无法读取 / Partial downloads unreadable:', error);
    }
  }
  let writing: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    const snapshot = JSON.stringify({ version: 1, downloads: records });
    writing = writing.catch(() => undefined).then(() => writeFileAtomically(file, snapshot));
    return writing;
  };
  const drop = async (record: PartialDownload): Promise<void> => {
    records = records.filter((r) => r !== record);
    await unlink(record.partial).catch(() => undefined);
  };
  // Give up what is too old, and the oldest beyond the limit.
  const cutoff = now() - PARTIAL_RECORD_MAX_AGE_MS;
  const stale = records.filter((r) => r.updatedAt < cutoff);
  const kept = records
    .filter((r) => r.updatedAt >= cutoff)
    .sort((a, b) => a.updatedAt - b.updatedAt);
  for (const record of [
    ...stale,
    ...kept.slice(0, Math.max(0, kept.length - PARTIAL_RECORDS_MAX)),
  ]) {
    await drop(record);
  }
  if (stale.length > 0 || kept.length > PARTIAL_RECORDS_MAX) await save().catch(() => undefined);

  return {
    find: (key: string) => records.find((r) => r.key === key) ?? null,
    all: () => [...records],
    async put(record: PartialDownload): Promise<void> {
      records = [...records.filter((r) => r.key !== record.key), record];
      const excess = records.length - PARTIAL_RECORDS_MAX;
      for (const old of records.slice(0, Math.max(0, excess))) await drop(old);
      await save();
    },
    async remove(record: PartialDownload, withFile: boolean): Promise<void> {
      records = records.filter((r) => r.key !== record.key);
      if (withFile) await unlink(record.partial).catch(() => undefined);
      await save();
    },
  };
}

type Requested = { path: string; fileName: string; workId: number | null };

function parseRequest(request: unknown): { raw: Requested; askedName: string } {
  const { path, fileName, workId } = (
    typeof request === 'object' && request !== null ? request : {}
  ) as Partial<Record<keyof SaveFileRequest, unknown>>;
  const askedName = typeof fileName === 'string' ? fileName.slice(0, 300) : '';
  return {
    askedName,
    raw: {
      path: path as string,
      fileName: fileName as string,
      workId: Number.isSafeInteger(workId) && (workId as number) > 0 ? (workId as number) : null,
    },
  };
}

export async function createFileSaver(options: FileSaverOptions): Promise<FileSaver> {
  const now = options.now ?? Date.now;
  const interval = options.progressIntervalMs ?? PROGRESS_INTERVAL_MS;
  const checkpointBytes = options.checkpointBytes ?? CHECKPOINT_BYTES;
  const records = await openRecords(options.recordsDir, now);
  // One save per stored file at a time: a double click never writes two copies into one partial file.
  const saving = new Set<string>();

  const fetchFrom = (serverPath: string, headers?: Record<string, string>) =>
    options.http
      .stream({
        path: serverPath,
        ...(headers && { headers }),
        ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      })
      .catch(() => {
        throw new SaveRefused(SAVE_FILE_MSG.network, true);
      });

  async function save(request: unknown): Promise<SaveFileResult> {
    const { raw, askedName } = parseRequest(request);
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

    let key: string | null = null;
    let record: PartialDownload | null = null;
    let handle: FileHandle | null = null;
    try {
      const serverPath = parseOriginalPath(raw.path);
      const name = sanitiseSavedName(raw.fileName);
      const folder = resolve(await options.folder());
      key = originalKey(serverPath);
      if (saving.has(key)) {
        key = null;
        return { ok: false, message: SAVE_FILE_MSG.alreadySaving };
      }
      saving.add(key);

      // An earlier try of the same file into the same folder under the same name continues.
      record = records.find(key);
      if (record !== null && (record.folder !== folder || record.name !== name)) {
        await records.remove(record, true);
        record = null;
      }
      let offset = 0;
      if (record !== null) {
        const size = await regularFileSize(record.partial);
        // Only bytes made durable count: after a power cut the tail may be garbage.
        offset = size === null ? 0 : Math.min(size, record.received);
        if (size === null) {
          await records.remove(record, false);
          record = null;
        }
      }

      let response: HttpStreamResponse;
      let resumed = false;
      if (record !== null && offset > 0) {
        response = await fetchFrom(serverPath, {
          range: `bytes=${offset}-`,
          ...(record.etag !== null && { 'if-range': record.etag }),
        });
        if (response.status === 206) {
          const range = parseContentRange(response.headers['content-range']);
          if (range !== null && range.start === offset && range.total === record.total) {
            resumed = true;
            total = range.total;
          } else {
            await response.body?.cancel().catch(() => undefined);
            response = await fetchFrom(serverPath);
          }
        } else if (response.status === 416) {
          // Nothing after what we have, or the file is smaller now: ask for it whole.
          const whole = /\/(\d+)$/.exec(response.headers['content-range'] ?? '');
          if (whole && Number(whole[1]) === record.total && offset === record.total) {
            resumed = true;
            total = record.total;
          } else {
            response = await fetchFrom(serverPath);
          }
        }
      } else {
        response = await fetchFrom(serverPath);
      }

      if (!resumed || response.status !== 416) {
        if (response.status < 200 || response.status > 299 || response.body === null) {
          // A refused link (expired) keeps what was downloaded: a fresh link continues it.
          throw new SaveRefused(refusalOfServer(response.status, response.text), true);
        }
      }
      if (!resumed) {
        const length = Number(response.headers['content-length']);
        total = Number.isSafeInteger(length) && length >= 0 ? length : null;
        offset = 0;
      }
      received = offset;
      report();

      const etag = response.headers['etag'] ?? null;
      if (record === null) {
        const partial = insideFolder(
          folder,
          `.${name.slice(0, 60)}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`,
        );
        try {
          handle = await open(partial, 'wx', 0o644);
        } catch (error) {
          throw messageOfWriteError(error, folder);
        }
        record = {
          key,
          workId: raw.workId,
          fileName: askedName,
          name,
          folder,
          partial,
          received: 0,
          total: total ?? 0,
          etag,
          updatedAt: now(),
        };
        // Without a size the server cannot be asked for "the rest": such a download is not kept.
        if (total !== null) await records.put(record);
      } else {
        try {
          handle = await open(record.partial, 'r+');
          // Drop whatever lies past the durable bytes (or everything, when starting over).
          await handle.truncate(offset);
        } catch (error) {
          throw messageOfWriteError(error, folder);
        }
        record = {
          ...record,
          workId: raw.workId ?? record.workId,
          fileName: askedName,
          received: offset,
          total: total ?? record.total,
          etag: resumed ? record.etag : etag,
          updatedAt: now(),
        };
        if (total !== null) await records.put(record);
        else await records.remove(record, false);
      }
      const kept = record;
      let position = offset;
      let durable = offset;
      const checkpoint = async () => {
        if (handle === null || total === null || position === durable) return;
        await handle.sync();
        durable = position;
        await records.put({ ...kept, received: durable, updatedAt: now() }).catch(() => undefined);
      };

      if (response.status !== 416 && response.body !== null) {
        const reader = response.body.getReader();
        for (;;) {
          let chunk: Awaited<ReturnType<typeof reader.read>>;
          try {
            chunk = await reader.read();
          } catch {
            await checkpoint().catch(() => undefined);
            throw new SaveRefused(SAVE_FILE_MSG.network, true);
          }
          if (chunk.done) break;
          if (total !== null && position + chunk.value.byteLength > total) {
            await reader.cancel().catch(() => undefined);
            throw new SaveRefused(SAVE_FILE_MSG.sizeMismatch);
          }
          try {
            await handle.write(chunk.value, 0, chunk.value.byteLength, position);
          } catch (error) {
            await reader.cancel().catch(() => undefined);
            await checkpoint().catch(() => undefined);
            throw messageOfWriteError(error, folder);
          }
          position += chunk.value.byteLength;
          received = position;
          if (position - durable >= checkpointBytes) await checkpoint();
          report();
        }
      }
      if (total !== null && received !== total) {
        await checkpoint().catch(() => undefined);
        throw new SaveRefused(SAVE_FILE_MSG.incomplete, true);
      }
      try {
        await handle.sync();
        // The final check: the file on disk has exactly the size the server announced.
        const { size } = await handle.stat();
        await handle.close();
        handle = null;
        if (total !== null && size !== total) throw new SaveRefused(SAVE_FILE_MSG.sizeMismatch);
      } catch (error) {
        throw error instanceof SaveRefused ? error : messageOfWriteError(error, folder);
      }
      const savedPath = await claimName(folder, name, kept.partial).catch((error: unknown) => {
        throw error instanceof SaveRefused ? error : messageOfWriteError(error, folder);
      });
      await records.remove(kept, false).catch(() => undefined);
      record = null;
      await syncFolder(folder);
      total ??= received;
      report({});
      options.onSaved?.(savedPath, askedName);
      return { ok: true, savedPath };
    } catch (error) {
      const refused = error instanceof SaveRefused;
      // What cannot be continued goes; what can (a broken connection, a full disk) waits.
      const canContinue = refused && error.keepPartial && record !== null && total !== null;
      if (record !== null && !canContinue) {
        await handle?.close().catch(() => undefined);
        handle = null;
        await records.remove(record, true).catch(() => undefined);
      }
      if (!refused) {
        report({ error: SAVE_FILE_MSG.failed });
        throw error;
      }
      report({ error: error.message });
      return { ok: false, message: error.message };
    } finally {
      await handle?.close().catch(() => undefined);
      if (key !== null) saving.delete(key);
    }
  }

  /** A fresh signed link for a work the buyer holds a licence of (User/GetUserImgAuth). */
  async function freshLink(workId: number): Promise<string | null> {
    try {
      const response = await options.http.request({
        method: getUserImgAuth.method,
        path: getUserImgAuth.path,
        body: JSON.stringify({ creationId: workId }),
      });
      const { code, data } = JSON.parse(response.body) as Record<string, unknown>;
      const url = (data as Record<string, unknown> | null)?.['url'];
      return code === SUCCESS_CODE && typeof url === 'string' ? url : null;
    } catch {
      return null;
    }
  }

  return {
    saveFile: save,
    pending: async () => records.all(),
    async resumePending() {
      const results: SaveFileResult[] = [];
      for (const record of records.all()) {
        if (record.workId === null) continue;
        const path = await freshLink(record.workId);
        // No link (signed out, offline, the licence ended): the record waits for the user's next try.
        if (path === null || originalKey(path) !== record.key) continue;
        results.push(await save({ path, fileName: record.fileName, workId: record.workId }));
      }
      return results;
    },
  };
}
