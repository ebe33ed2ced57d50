// The desktop's batch upload as one service: watched folders → queue → prepare (sharp) → upload, with
// the queue journaled in the user-data folder. Each folder and file belongs to the account that added
// it and is sent only while that account is signed in. Plain Node: Electron only supplies the folder
// picker and carries the throttled change events to the app's windows (see ipc.ts and index.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  DesktopUploadQueueChange,
  DesktopUploadQueueSnapshot,
  DesktopUploadQueueStatus,
  UploadAccount,
  UploadOwnership,
} from '../../shared/bridge';
import type { SessionChangeReason } from '../session/desktop-session';
import type { HttpClient } from '../session/http-client';
import type { WatchedFolder } from '../../shared/upload-queue';
import { fetchSignedInAccount, heldMessage } from './account';
import { createDraftMaker } from './draft';
import { FolderError, openFolderStore } from './folders';
import type { FolderStore, OwnedFolder } from './folders';
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
import { UPLOAD_MSG, UploadFailure } from './upload-failure';
import { createUploader } from './uploader';
import { createFolderWatcher } from './watcher';

/** Subfolder of the user-data folder holding the queue journal, the folder list and the previews. */
export const UPLOADS_DIR = 'uploads';
export const JOURNAL_FILE = 'upload-queue.jsonl';
export const PREVIEWS_DIR = 'previews';
/** Live updates go out at most this often: enough for a progress bar, cheap for a large queue. */
export const CHANGE_INTERVAL_MS = 250;
/** When the server could not say who is signed in, ask again after this long, doubling up to a minute. */
export const IDENTIFY_RETRY_MS = 5_000;
const IDENTIFY_RETRY_MAX_MS = 60_000;

export type UploadServiceOptions = {
  /** Electron's `app.getPath('userData')`. */
  userDataDir: string;
  /** The session's client (cookie jar, `token` header); uploads use it like every other request. */
  http: Pick<HttpClient, 'request' | 'send'>;
  /** Throttled queue changes, for the bridge event. */
  onChange?: (change: DesktopUploadQueueChange) => void;
  changeIntervalMs?: number;
  /** Whether someone is signed in at start; the queue waits for a login otherwise. */
  signedIn?: boolean;
  /** Who the session is signed in as (default: user.getUserInfo through `http`). */
  whoIsSignedIn?: () => Promise<UploadAccount | null>;
  identifyRetryMs?: number;
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
  | 'moveFolderToAccount'
>;

export type UploadService = {
  /** Watches the folder at `path` (chosen in the native picker by the Electron glue) for the account. */
  addFolder(path: string): Promise<WatchedFolder>;
  listFolders(): Promise<WatchedFolder[]>;
  updateFolder(folderId: string, defaults: unknown): Promise<WatchedFolder>;
  removeFolder(folderId: string): Promise<void>;
  getQueue(): Promise<DesktopUploadQueueSnapshot>;
  pause(): Promise<DesktopUploadQueueStatus>;
  resume(): Promise<DesktopUploadQueueStatus>;
  retry(target: unknown): Promise<DesktopUploadQueueStatus>;
  getPreview(itemId: unknown): Promise<string | null>;
  /** Gives a folder of another account, and its files not yet uploaded, to the signed-in account. */
  moveFolderToAccount(folderId: unknown): Promise<DesktopUploadQueueStatus>;
  /** Who files go to now, and which folders wait for another account. */
  ownership(): UploadOwnership;
  /** The session changed: signed out pauses the queue until the next login; a login is asked who it is. */
  sessionChanged(state: { signedIn: boolean }, reason?: SessionChangeReason): void;
  /**
   * Runs a login (the session's setLogin). Uploads stop before the token changes, so no file leaves with
   * the next account's token; who signed in is then asked (or asked again when the login was refused).
   */
  duringLogin<T>(login: () => Promise<T>): Promise<T>;
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

  // Who is signed in, as last confirmed by the server; null while signed out or being asked.
  // Invariant: non-null only while the session's token is this account's (duringLogin clears it first).
  let account: UploadAccount | null = null;
  let signedIn = options.signedIn !== false;
  // Bumped whenever the account may change: an answer about an earlier token is dropped.
  let generation = 0;
  let identifying = false;
  let identifyAttempt: Promise<void> = Promise.resolve();
  let identifyTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  const whoIsSignedIn = options.whoIsSignedIn ?? (() => fetchSignedInAccount(options.http));

  // Every request of the pipeline runs in the scope of the file's owner and is refused unless that
  // account is the one signed in. The check runs in the same tick as the client reads the token from
  // the jar, so a request that passes carries its owner's token.
  const ownerScope = new AsyncLocalStorage<number | null>();
  function checkOwner(): void {
    const owner = ownerScope.getStore();
    if (account === null || owner !== account.userId) {
      throw new UploadFailure('account', UPLOAD_MSG.otherAccount);
    }
  }
  const ownedHttp: Pick<HttpClient, 'request' | 'send'> = {
    request: async (req) => {
      checkOwner();
      return options.http.request(req);
    },
    send: async (req) => {
      checkOwner();
      return options.http.send(req);
    },
  };
  const uploader = createUploader({ http: ownedHttp, now });
  const makeDraft = createDraftMaker(ownedHttp);

  const interval = options.changeIntervalMs ?? CHANGE_INTERVAL_MS;
  let changeTimer: ReturnType<typeof setTimeout> | null = null;
  let queue: UploadQueue | null = null;
  function scheduleChange(): void {
    if (changeTimer !== null || !options.onChange) return;
    changeTimer = setTimeout(() => {
      changeTimer = null;
      if (queue) options.onChange?.({ ...queue.takeChanges(), ...ownership() });
    }, interval);
  }

  const steps: QueueSteps = {
    read: (record) => readSourceFile(record.path, { now, settleMs: options.settleMs }),
    prepare: (source) => prepareImage(source, { previewDir }),
    upload: (prepared, onProgress, record) =>
      ownerScope.run(record.owner, () => uploader.upload(prepared, onProgress)),
    ...(options.createDrafts !== false && {
      createDraft: (record: QueueRecord) => ownerScope.run(record.owner, () => makeDraft(record)),
    }),
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

  function ownership(): UploadOwnership {
    const current = account;
    if (current === null) return { account: null, holds: [] };
    const holds = folders.list().flatMap((folder) =>
      folder.owner !== null && folder.owner.userId !== current.userId
        ? [
            {
              folderId: folder.id,
              owner: folder.owner,
              waiting: uploadQueue.heldCount(folder.id),
              message: heldMessage(folder.owner),
            },
          ]
        : [],
    );
    return { account: { ...current }, holds };
  }
  const status = (): DesktopUploadQueueStatus => ({ ...uploadQueue.status(), ...ownership() });

  /** Nobody's files run until the server says who is signed in. */
  function forgetAccount(): number {
    generation += 1;
    account = null;
    identifying = false;
    if (identifyTimer !== null) clearTimeout(identifyTimer);
    identifyTimer = null;
    uploader.resetPolicy();
    uploadQueue.setAccount(null);
    return generation;
  }

  function adopt(who: UploadAccount): void {
    // The first account signed in after the upgrade gets the folders and rows that have no owner yet
    // (docs/desktop-upload.md); both are claimed in this tick, before anything else can run.
    void folders.adopt(who).catch((error: unknown) => {
      console.error('[wenyang] 监视文件夹列表无法写入 / Watched folders not saved:', error);
    });
    uploadQueue.claimUnowned(who.userId);
    account = { ...who };
    uploadQueue.setAccount(who.userId);
    scheduleChange();
  }

  function identify(): void {
    const started = forgetAccount();
    identifying = true;
    const attempt = (retryMs: number): void => {
      identifyAttempt = whoIsSignedIn().then(
        (who) => {
          if (started !== generation || closed) return;
          identifying = false;
          // Nobody: the session saw the same answer and reports itself signed out.
          if (who !== null) adopt(who);
        },
        (error: unknown) => {
          if (started !== generation || closed) return;
          console.warn(
            '[wenyang] 无法确认登录账号，稍后重试 / Could not check the signed-in account:',
            error instanceof Error ? error.message : error,
          );
          identifyTimer = setTimeout(() => {
            identifyTimer = null;
            attempt(Math.min(retryMs * 2, IDENTIFY_RETRY_MAX_MS));
          }, retryMs);
        },
      );
    };
    attempt(options.identifyRetryMs ?? IDENTIFY_RETRY_MS);
  }

  /** The signed-in account, waiting for the answer being asked for; refuses when there is none. */
  async function currentAccount(): Promise<UploadAccount> {
    if (account === null && identifying) await identifyAttempt;
    if (account !== null) return account;
    throw new FolderError(signedIn ? UPLOAD_MSG.accountUnknown : UPLOAD_MSG.signInFirst);
  }

  if (signedIn) identify();
  else uploadQueue.pause('signed-out');

  const publicFolder = (folder: OwnedFolder): WatchedFolder => ({
    id: folder.id,
    path: folder.path,
    name: folder.name,
    defaults: folder.defaults,
    addedAt: folder.addedAt,
    problem: folder.problem,
  });

  const watcher = createFolderWatcher({
    onFile: (file) => {
      const folder = folders.get(file.folderId);
      if (folder) uploadQueue.offer({ ...file, owner: folder.owner?.userId ?? null });
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
      const folder = await folders.add(path, await currentAccount());
      void startWatching(folder);
      return publicFolder(folder);
    },
    listFolders: async () => folders.list().map(publicFolder),
    updateFolder: async (folderId, defaults) =>
      publicFolder(await folders.update(folderId, defaults)),
    async removeFolder(folderId) {
      if (typeof folderId !== 'string' || !folders.get(folderId)) return;
      await watcher.unwatch(folderId);
      uploadQueue.forgetFolder(folderId);
      await folders.remove(folderId);
    },
    getQueue: async () => ({ ...uploadQueue.snapshot(), ...ownership() }),
    pause: async () => {
      uploadQueue.pause('user');
      return status();
    },
    resume: async () => {
      uploadQueue.resume();
      return status();
    },
    retry: async (target) => {
      if (typeof target !== 'string') throw new Error('重试目标不正确');
      uploadQueue.retry(target);
      return status();
    },
    async moveFolderToAccount(folderId) {
      const folder = typeof folderId === 'string' ? folders.get(folderId) : undefined;
      if (!folder) throw new FolderError('文件夹不存在或已移除');
      if (account === null) {
        throw new FolderError(signedIn ? UPLOAD_MSG.accountUnknown : '请先登录后再转移文件夹');
      }
      // The folder and its rows change owner in this tick; the file write follows.
      const saved = folders.setOwner(folder.id, account);
      uploadQueue.moveFolder(folder.id, account.userId);
      scheduleChange();
      await saved;
      return status();
    },
    ownership,
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
    sessionChanged(state, reason) {
      signedIn = state.signedIn;
      if (!state.signedIn) {
        forgetAccount();
        uploadQueue.pause('signed-out');
        scheduleChange();
        return;
      }
      uploadQueue.resume('signed-out');
      // A renewal keeps the token and so the account; a login may be anyone.
      if (reason === 'renewed' && (account !== null || identifying)) return;
      identify();
    },
    async duringLogin(login) {
      const started = forgetAccount();
      scheduleChange();
      try {
        return await login();
      } finally {
        // A refused login left the session as it was: ask again who it is.
        if (started === generation && signedIn && !closed) identify();
      }
    },
    scanned,
    queue: uploadQueue,
    folders,
    async close({ wait = false } = {}) {
      closed = true;
      if (identifyTimer !== null) clearTimeout(identifyTimer);
      identifyTimer = null;
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
    moveFolderToAccount: refuse,
  };
}
