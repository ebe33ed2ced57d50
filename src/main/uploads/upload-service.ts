// The desktop's batch upload as one service: watched folders → queue → prepare (sharp) → upload, with
// the queue journaled in the user-data folder. Plain Node: Electron only supplies the folder picker
// and carries the throttled change events to the app's windows (see ipc.ts and index.ts).
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { HttpClient } from '../session/http-client';
import type {
  UploadQueueChange,
  UploadQueueSnapshot,
  UploadQueueStatus,
  WatchedFolder,
} from '../../shared/upload-queue';
import { createDraftMaker } from './draft';
import { openFolderStore } from './folders';
import type { FolderStore } from './folders';
import { openJournal } from './journal';
import {
  configureSharp,
  defaultPrepareConcurrency,
  prepareImage,
  previewPath,
  readSourceFile,
} from './prepare';
import { parseQueueRecord } from './queue-record';
import { createUploadQueue } from './queue';
import type { QueueRecord, QueueSteps, UploadQueue } from './queue';
import { createUploader } from './uploader';
import { createFolderWatcher } from './watcher';

/** Subfolder of the user-data folder holding the queue journal, the folder list and the previews. */
export const UPLOADS_DIR = 'uploads';
export const JOURNAL_FILE = 'upload-queue.jsonl';
export const PREVIEWS_DIR = 'previews';
/** Live updates go out at most this often: enough for a progress bar, cheap for a large queue. */
export const CHANGE_INTERVAL_MS = 250;

export type UploadServiceOptions = {
  /** Electron's `app.getPath('userData')`. */
  userDataDir: string;
  /** The session's client (cookie jar, `token` header); uploads use it like every other request. */
  http: Pick<HttpClient, 'request' | 'send'>;
  /** Throttled queue changes, for the bridge event. */
  onChange?: (change: UploadQueueChange) => void;
  changeIntervalMs?: number;
  /** Whether someone is signed in at start; the queue waits for a login otherwise. */
  signedIn?: boolean;
  prepareConcurrency?: number;
  uploadConcurrency?: number;
  /** libvips threads per image (default 1: files run side by side instead). */
  sharpThreadsPerImage?: number;
  /** Watcher: how long a growing file must stay the same size (default 1 s). */
  stabilityThresholdMs?: number;
  /** Queue: a file modified more recently than this waits (default 1 s). */
  settleMs?: number;
  /** fdatasync the journal (default true). */
  journalSync?: boolean;
  /** Make a draft work of every uploaded file with its folder's metadata (default true). */
  createDrafts?: boolean;
  /** Wraps the pipeline's steps (the benchmark times them). */
  wrapSteps?: (steps: QueueSteps) => QueueSteps;
  now?: () => number;
};

/** What the bridge's `uploads` namespace calls (the picker itself is Electron glue). */
export type UploadCalls = Pick<
  UploadService,
  | 'addFolder'
  | 'listFolders'
  | 'updateFolder'
  | 'removeFolder'
  | 'getQueue'
  | 'pause'
  | 'resume'
  | 'retry'
  | 'getPreview'
>;

export type UploadService = {
  /** Watches the folder at `path` (chosen in the native picker by the Electron glue). */
  addFolder(path: string): Promise<WatchedFolder>;
  listFolders(): Promise<WatchedFolder[]>;
  updateFolder(folderId: string, defaults: unknown): Promise<WatchedFolder>;
  removeFolder(folderId: string): Promise<void>;
  getQueue(): Promise<UploadQueueSnapshot>;
  pause(): Promise<UploadQueueStatus>;
  resume(): Promise<UploadQueueStatus>;
  retry(target: unknown): Promise<UploadQueueStatus>;
  getPreview(itemId: unknown): Promise<string | null>;
  /** The session changed: signed out pauses the queue until the next login. */
  setSignedIn(signedIn: boolean): void;
  /** Resolves once every folder's first scan has offered its files. */
  readonly scanned: Promise<void>;
  readonly queue: UploadQueue;
  readonly folders: FolderStore;
  /** Stops watching and starting uploads; with `wait`, lets running uploads finish. */
  close(options?: { wait?: boolean }): Promise<void>;
};

export async function startUploadService(options: UploadServiceOptions): Promise<UploadService> {
  const dir = join(options.userDataDir, UPLOADS_DIR);
  const previewDir = join(dir, PREVIEWS_DIR);
  const now = options.now ?? Date.now;
  configureSharp(options.sharpThreadsPerImage ?? 1);
  const folders = await openFolderStore(dir, now);
  const { journal, items, skippedLines } = await openJournal<QueueRecord>({
    file: join(dir, JOURNAL_FILE),
    parse: parseQueueRecord,
    sync: options.journalSync ?? true,
  });
  if (skippedLines > 0) {
    console.warn(`[wenyang] 上传队列跳过 ${skippedLines} 行无法读取的记录 / Skipped journal lines`);
  }
  const uploader = createUploader({ http: options.http, now });

  const interval = options.changeIntervalMs ?? CHANGE_INTERVAL_MS;
  let changeTimer: ReturnType<typeof setTimeout> | null = null;
  let queue: UploadQueue | null = null;
  function scheduleChange(): void {
    if (changeTimer !== null || !options.onChange) return;
    changeTimer = setTimeout(() => {
      changeTimer = null;
      if (queue) options.onChange?.(queue.takeChanges());
    }, interval);
  }

  const steps: QueueSteps = {
    read: (record) => readSourceFile(record.path, { now, settleMs: options.settleMs }),
    prepare: (source) => prepareImage(source, { previewDir }),
    upload: (prepared, onProgress) => uploader.upload(prepared, onProgress),
    ...(options.createDrafts !== false && { createDraft: createDraftMaker(options.http) }),
  };
  const uploadQueue = createUploadQueue({
    journal,
    restored: items,
    steps: options.wrapSteps ? options.wrapSteps(steps) : steps,
    folderDefaults: (folderId) => folders.get(folderId)?.defaults ?? null,
    prepareConcurrency: options.prepareConcurrency ?? defaultPrepareConcurrency(),
    uploadConcurrency: options.uploadConcurrency ?? 3,
    onDirty: scheduleChange,
  });
  queue = uploadQueue;
  if (options.signedIn === false) uploadQueue.pause('signed-out');

  const watcher = createFolderWatcher({
    onFile: (file) => {
      if (folders.get(file.folderId)) uploadQueue.offer(file);
    },
    onRemoved: (_folderId, path) => uploadQueue.forget(path),
    onProblem: (folderId, problem) => folders.setProblem(folderId, problem),
    ...(options.stabilityThresholdMs !== undefined && {
      stabilityThresholdMs: options.stabilityThresholdMs,
    }),
  });
  async function startWatching(folder: WatchedFolder): Promise<void> {
    // A folder moved or deleted while the app was closed: said on the page; chokidar still waits for it.
    const exists = await stat(folder.path).then(
      (info) => info.isDirectory(),
      () => false,
    );
    folders.setProblem(folder.id, exists ? null : '文件夹不存在或已被移动');
    return watcher.watch(folder.id, folder.path).catch((error: unknown) => {
      folders.setProblem(
        folder.id,
        `无法监视文件夹：${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }
  const scanned = Promise.all(folders.list().map(startWatching)).then(() => undefined);

  return {
    async addFolder(path) {
      const folder = await folders.add(path);
      void startWatching(folder);
      return folder;
    },
    listFolders: async () => folders.list(),
    updateFolder: (folderId, defaults) => folders.update(folderId, defaults),
    async removeFolder(folderId) {
      if (typeof folderId !== 'string' || !folders.get(folderId)) return;
      await watcher.unwatch(folderId);
      uploadQueue.forgetFolder(folderId);
      await folders.remove(folderId);
    },
    getQueue: async () => uploadQueue.snapshot(),
    pause: async () => uploadQueue.pause('user'),
    resume: async () => uploadQueue.resume(),
    retry: async (target) => {
      if (typeof target !== 'string') throw new Error('重试目标不正确');
      return uploadQueue.retry(target);
    },
    async getPreview(itemId) {
      const sha = typeof itemId === 'string' ? uploadQueue.get(itemId)?.sha256 : null;
      if (!sha) return null;
      try {
        const bytes = await readFile(previewPath(previewDir, sha));
        return bytes.length > 0 ? `data:image/jpeg;base64,${bytes.toString('base64')}` : null;
      } catch {
        return null;
      }
    },
    setSignedIn(signedIn) {
      uploader.resetPolicy();
      if (signedIn) uploadQueue.resume('signed-out');
      else uploadQueue.pause('signed-out');
    },
    scanned,
    queue: uploadQueue,
    folders,
    async close({ wait = false } = {}) {
      await watcher.close();
      await uploadQueue.close({ wait });
      if (changeTimer !== null) clearTimeout(changeTimer);
      changeTimer = null;
      await journal.close();
    },
  };
}

/** The bridge's upload calls when the service could not start: the rest of the app still works. */
export function unavailableUploads(reason: string): UploadCalls {
  const refuse = async (): Promise<never> => {
    throw new Error(`上传服务无法启动：${reason}`);
  };
  return {
    addFolder: refuse,
    listFolders: refuse,
    updateFolder: refuse,
    removeFolder: refuse,
    getQueue: refuse,
    pause: refuse,
    resume: refuse,
    retry: refuse,
    getPreview: refuse,
  };
}
