// The watched-folder upload queue: queued → preparing → uploading → uploaded | failed, with bounded
// concurrency, retry with back-off, pause/resume, content dedupe, and a journal it resumes from. Each
// file belongs to an account and runs only while that account is signed in.
// No Electron and no sharp here: the steps are injected, so the queue runs (and is tested) in plain Node.
import { randomBytes } from 'node:crypto';
import { RETRY_ALL_FAILED, UPLOAD_ITEM_STATES } from '../../shared/upload-queue';
import type {
  FolderDefaults,
  UploadItemState,
  UploadPauseReason,
  UploadQueueChange,
  UploadQueueItem,
  UploadQueueSnapshot,
  UploadQueueStatus,
  UploadQueueTotals,
} from '../../shared/upload-queue';
import type { Journal } from './journal';
import { UPLOAD_MSG, UploadFailure } from './upload-failure';

/** An item as the journal keeps it: the public item plus what resuming and the draft step need. */
export type QueueRecord = UploadQueueItem & {
  /**
   * The account (userId) the file is uploaded for: its folder's owner when it was queued. Null only for
   * a row journaled before owners were recorded, until the first account signed in claims it.
   */
  owner: number | null;
  /** Modification time the file had when it was seen or read; with `size`, its signature. */
  mtimeMs: number;
  /** Order of arrival: the queue runs oldest first. */
  seq: number;
  /** The folder's metadata when the file was uploaded, for the draft step. */
  metadata: FolderDefaults | null;
  uploadedAt: number | null;
};

/** A new or changed file reported by the watcher. */
export type FileOffer = {
  folderId: string;
  path: string;
  /** Path inside the watched folder. */
  name: string;
  size: number;
  mtimeMs: number;
  /** The folder's owner (userId); null for a folder not yet claimed by an account. */
  owner: number | null;
};

export type SourceFile = { bytes: Buffer; sha256: string; size: number; mtimeMs: number };
export type PreparedUpload = {
  bytes: Uint8Array;
  converted: boolean;
  width: number;
  height: number;
};
export type UploadResult = { fileKey: string; duplicate: boolean };

export type QueueSteps = {
  /** Reads the file whole and hashes it; `unstable` if it changed meanwhile, `gone` if missing. */
  read: (record: QueueRecord) => Promise<SourceFile>;
  /** Validates the image, writes its preview, and chooses the bytes to upload. */
  prepare: (source: SourceFile, record: QueueRecord) => Promise<PreparedUpload>;
  upload: (
    prepared: PreparedUpload,
    onProgress: (sentBytes: number) => void,
    record: QueueRecord,
  ) => Promise<UploadResult>;
  /**
   * After the upload: creates the draft work from `fileKey` with the folder's `metadata`. Must be
   * idempotent per fileKey (PerfectCreationPic is): after a crash it may run again for the same file.
   * Failures are handled like the upload's; a retry then makes only the draft.
   */
  createDraft?: (record: QueueRecord) => Promise<{ workId: number }>;
};

export type QueueClock = {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type QueueOptions = {
  journal: Journal<QueueRecord>;
  /** Items the journal held at start (openJournal's `items`). */
  restored: readonly QueueRecord[];
  steps: QueueSteps;
  /** The folder's current metadata, stored on the item when it is uploaded. */
  folderDefaults?: (folderId: string) => FolderDefaults | null;
  /** The signed-in account (userId) whose files run; null (the default) runs nothing. */
  account?: number | null;
  /** Files read and prepared at once (sharp work; default 1). */
  prepareConcurrency?: number;
  /** Files sent at once (default 3). */
  uploadConcurrency?: number;
  /** Attempts before a network or server failure becomes `failed` (default 6). */
  maxAttempts?: number;
  /** First back-off delay (default 2 s); doubles per attempt, with jitter, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Wait before reading a file again that changed while it was read (default 2 s). */
  unstableDelayMs?: number;
  clock?: QueueClock;
  /** 0 ≤ x < 1, for the jitter. */
  random?: () => number;
  /** Told (synchronously, often) that something changed; `takeChanges` says what. */
  onDirty?: () => void;
  /** Above this many changed items, a change asks for a full reload instead (default 500). */
  maxChangedPerEvent?: number;
};

export type UploadQueue = {
  /** Queues a new or changed file; false when this version of the file is already known. */
  offer(file: FileOffer): boolean;
  /** The file was deleted: it leaves the queue unless it is already being handled or uploaded. */
  forget(path: string): void;
  /** The folder is no longer watched: its waiting and failed files leave the queue. */
  forgetFolder(folderId: string): void;
  /** Someone else signed in (or nobody: null): only that account's files run from now on. */
  setAccount(account: number | null): void;
  /** Rows without an owner (journaled before owners were recorded) become this account's. */
  claimUnowned(owner: number): void;
  /**
   * The folder was given to another account: its files not yet uploaded become that account's. A file
   * already sent for the old account is sent again for the new one (the bytes are in the old one's
   * storage); a file being handled right now moves once that attempt is over.
   */
  moveFolder(folderId: string, owner: number): void;
  /** The folder's files waiting for an account that is not the signed-in one. */
  heldCount(folderId: string): number;
  pause(reason?: UploadPauseReason): UploadQueueStatus;
  /** Resumes; with a reason, only if the queue was paused for that reason. */
  resume(reason?: UploadPauseReason): UploadQueueStatus;
  retry(target: string): UploadQueueStatus;
  status(): UploadQueueStatus;
  snapshot(): UploadQueueSnapshot;
  get(id: string): QueueRecord | undefined;
  /** Items changed since the last call (for the throttled bridge events). */
  takeChanges(): UploadQueueChange;
  /** Resolves when nothing is running and nothing runnable waits (delayed retries do not count). */
  idle(): Promise<void>;
  /** Stops starting work; waits for running items only with `wait`. Flushes the journal. */
  close(options?: { wait?: boolean }): Promise<void>;
};

const SPEED_WINDOW_MS = 5_000;
const FILES_WINDOW_MS = 60_000;

const systemClock: QueueClock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Counts a few slots; `acquire` waits in arrival order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(count: number) {
    this.free = Math.max(1, Math.floor(count));
  }
  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

/** What the renderer sees of a record. */
function publicItem(record: QueueRecord): UploadQueueItem {
  return {
    id: record.id,
    folderId: record.folderId,
    path: record.path,
    name: record.name,
    size: record.size,
    state: record.state,
    progress: record.progress,
    attempts: record.attempts,
    error: record.error,
    retryAt: record.retryAt,
    sha256: record.sha256,
    fileKey: record.fileKey,
    workId: record.workId,
    sameAs: record.sameAs,
    converted: record.converted,
    width: record.width,
    height: record.height,
    enqueuedAt: record.enqueuedAt,
    updatedAt: record.updatedAt,
  };
}

const newId = (): string => randomBytes(8).toString('hex');

/** Delay before attempt `attempt + 1`: exponential with equal jitter, so a crowd of retries spreads out. */
export function backoffDelay(
  attempt: number,
  baseDelayMs: number,
  maxDelayMs: number,
  random: () => number,
): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function asFailure(error: unknown): UploadFailure {
  if (error instanceof UploadFailure) return error;
  return new UploadFailure('retry', UPLOAD_MSG.unexpected, { cause: error });
}

/** Dedupe is per account, as on the server: the same bytes are one upload per account. */
const shaKey = (owner: number | null, sha256: string): string => `${owner ?? ''}:${sha256}`;

const bySeq = (items: ReadonlyMap<string, QueueRecord>) => (a: string, b: string) =>
  (items.get(a)?.seq ?? 0) - (items.get(b)?.seq ?? 0);

/** Creates the queue over the journal's restored items: anything caught mid-way is queued again. */
export function createUploadQueue(options: QueueOptions): UploadQueue {
  const { journal, steps } = options;
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? 6;
  const baseDelayMs = options.baseDelayMs ?? 2_000;
  const maxDelayMs = options.maxDelayMs ?? 5 * 60_000;
  const unstableDelayMs = options.unstableDelayMs ?? 2_000;
  const maxChanged = options.maxChangedPerEvent ?? 500;
  const prepareSlots = new Slots(options.prepareConcurrency ?? 1);
  const uploadSlots = new Slots(options.uploadConcurrency ?? 3);
  const maxActive = Math.max(1, options.prepareConcurrency ?? 1) + (options.uploadConcurrency ?? 3);

  const items = new Map<string, QueueRecord>();
  const latestByPath = new Map<string, string>();
  /** owner:sha256 → an uploaded item with those bytes (its fileKey is that account's copy). */
  const uploadedBySha = new Map<string, string>();
  /** owner:sha256 → settles when the item handling those bytes right now is done. */
  const inFlightBySha = new Map<string, Promise<void>>();
  /** Runnable items, oldest first (a Set keeps insertion order). */
  let runnable = new Set<string>();
  /** Queued items of an account that is not signed in: they wait here until it is. */
  const held = new Set<string>();
  /** Items handled right now whose folder was given to another account: moved when the attempt ends. */
  const pendingMoves = new Map<string, number>();
  let account = options.account ?? null;
  /** Items waiting for a retry time. */
  const delayed = new Map<string, number>();
  let delayTimer: unknown = null;
  let delayTimerAt = Infinity;
  let active = 0;
  let seq = 0;
  let pauseReason: UploadPauseReason | null = null;
  let closed = false;
  const dirty = new Set<string>();
  const removed = new Set<string>();
  const sentSamples: { at: number; bytes: number }[] = [];
  const finishedAt: number[] = [];
  let idleWaiters: (() => void)[] = [];

  function markDirty(id: string): void {
    dirty.add(id);
    options.onDirty?.();
  }

  function save(record: QueueRecord): void {
    journal.put(record);
    markDirty(record.id);
  }

  function update(record: QueueRecord, patch: Partial<QueueRecord>): void {
    Object.assign(record, patch, { updatedAt: clock.now() });
    save(record);
  }

  /**
   * A step inside one attempt (preparing, the hash, uploading): the page sees it, the journal does not.
   * A restart puts an item that was preparing or uploading back in the queue anyway, so its last
   * journaled line says the same; only what must survive (the fileKey, the workId, the outcome) is
   * written: 2 lines per file (3 with a draft step) instead of 6 (8).
   */
  function step(record: QueueRecord, patch: Partial<QueueRecord>): void {
    Object.assign(record, patch, { updatedAt: clock.now() });
    markDirty(record.id);
  }

  function drop(record: QueueRecord): void {
    items.delete(record.id);
    runnable.delete(record.id);
    held.delete(record.id);
    pendingMoves.delete(record.id);
    delayed.delete(record.id);
    if (latestByPath.get(record.path) === record.id) latestByPath.delete(record.path);
    journal.remove(record.id);
    dirty.delete(record.id);
    removed.add(record.id);
    options.onDirty?.();
  }

  function enqueue(record: QueueRecord, retryAt: number | null): void {
    if (retryAt !== null && retryAt > clock.now()) {
      delayed.set(record.id, retryAt);
      armDelayTimer();
    } else {
      runnable.add(record.id);
    }
  }

  function armDelayTimer(): void {
    let next = Infinity;
    for (const at of delayed.values()) next = Math.min(next, at);
    if (next === delayTimerAt) return;
    if (delayTimer !== null) clock.clearTimeout(delayTimer);
    delayTimer = null;
    delayTimerAt = next;
    if (next === Infinity || closed) return;
    delayTimer = clock.setTimeout(
      () => {
        delayTimer = null;
        delayTimerAt = Infinity;
        const now = clock.now();
        for (const [id, at] of delayed) {
          if (at <= now) {
            delayed.delete(id);
            runnable.add(id);
          }
        }
        armDelayTimer();
        pump();
      },
      Math.max(0, next - clock.now()),
    );
  }

  /** Rebuilds the dedupe index (at start, and after owners changed). */
  function indexUploaded(): void {
    uploadedBySha.clear();
    for (const record of items.values()) {
      // Bytes the server has: a copy of them is recorded, not sent (even while its draft is pending).
      if (record.sha256 && record.fileKey && record.sameAs === null) {
        const key = shaKey(record.owner, record.sha256);
        if (!uploadedBySha.has(key)) uploadedBySha.set(key, record.id);
      }
    }
  }

  const runsNow = (record: QueueRecord): boolean => account !== null && record.owner === account;

  /** Held items whose account is signed in again go back in line, oldest first. */
  function releaseHeld(): void {
    const back: string[] = [];
    for (const id of held) {
      const record = items.get(id);
      if (record?.state === 'queued' && !runsNow(record)) continue;
      held.delete(id);
      if (record?.state === 'queued') back.push(id);
    }
    if (back.length > 0) runnable = new Set([...runnable, ...back].sort(bySeq(items)));
  }

  /** Gives a waiting or failed item to another account; an uploaded one stays with its account. */
  function reown(record: QueueRecord, owner: number): void {
    if (record.state === 'uploaded' || record.owner === owner) return;
    const sentForOldOwner = record.fileKey !== null && record.workId === null;
    update(record, {
      owner,
      ...(sentForOldOwner && { fileKey: null, progress: 0, converted: false }),
    });
  }

  // Resume: a crash or quit left some items half-way; their work starts over (the server answers a
  // second upload of bytes it already has with `duplicate: true`, so nothing is stored twice).
  for (const restored of [...options.restored].sort((a, b) => a.seq - b.seq)) {
    const record: QueueRecord = { ...restored };
    seq = Math.max(seq, record.seq);
    if (record.state === 'preparing' || record.state === 'uploading') {
      Object.assign(record, { state: 'queued', progress: 0 });
      journal.put(record);
    }
    items.set(record.id, record);
    latestByPath.set(record.path, record.id);
    if (record.state === 'queued') enqueue(record, record.retryAt);
  }
  indexUploaded();

  function totals(): UploadQueueTotals {
    const counts = Object.fromEntries(UPLOAD_ITEM_STATES.map((s) => [s, 0])) as Record<
      UploadItemState,
      number
    >;
    for (const record of items.values()) counts[record.state] += 1;
    const now = clock.now();
    while (sentSamples.length > 0 && (sentSamples[0]?.at ?? now) < now - SPEED_WINDOW_MS) {
      sentSamples.shift();
    }
    while (finishedAt.length > 0 && (finishedAt[0] ?? now) < now - FILES_WINDOW_MS) {
      finishedAt.shift();
    }
    const sent = sentSamples.reduce((sum, sample) => sum + sample.bytes, 0);
    return {
      ...counts,
      total: items.size,
      bytesPerSecond: Math.round(sent / (SPEED_WINDOW_MS / 1000)),
      filesPerMinute: finishedAt.length,
    };
  }

  function status(): UploadQueueStatus {
    return { paused: pauseReason !== null, pauseReason, totals: totals() };
  }

  function settleIdle(): void {
    if (active > 0 || (runnable.size > 0 && pauseReason === null && !closed)) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function pump(): void {
    while (!closed && pauseReason === null && active < maxActive && runnable.size > 0) {
      const id = runnable.values().next().value as string;
      runnable.delete(id);
      const record = items.get(id);
      if (!record || record.state !== 'queued') continue;
      if (!runsNow(record)) {
        held.add(id);
        continue;
      }
      active += 1;
      void run(record).finally(() => {
        active -= 1;
        const movedTo = pendingMoves.get(record.id);
        if (movedTo !== undefined) {
          pendingMoves.delete(record.id);
          reown(record, movedTo);
          indexUploaded();
          releaseHeld();
        }
        pump();
        settleIdle();
      });
    }
    settleIdle();
  }

  function markSameAs(record: QueueRecord, originalId: string): void {
    const original = items.get(originalId);
    update(record, {
      state: 'uploaded',
      progress: 1,
      error: null,
      retryAt: null,
      fileKey: original?.fileKey ?? null,
      workId: original?.workId ?? null,
      sameAs: originalId,
      converted: original?.converted ?? false,
      width: original?.width ?? null,
      height: original?.height ?? null,
      uploadedAt: clock.now(),
    });
    finishedAt.push(clock.now());
  }

  /** Read, prepare and send the file; false when the same bytes were already uploaded (no send). */
  async function sendFile(record: QueueRecord): Promise<boolean> {
    let settleSha: () => void = () => undefined;
    let holdsSha: string | null = null;
    await prepareSlots.acquire();
    let preparing = true;
    try {
      step(record, { state: 'preparing', progress: 0, retryAt: null });
      const source = await steps.read(record);
      step(record, { sha256: source.sha256, size: source.size, mtimeMs: source.mtimeMs });
      const key = shaKey(record.owner, source.sha256);
      // The same bytes under another name, or changed back: uploaded once, recorded for both.
      let known = uploadedBySha.get(key);
      if (known === undefined) {
        const other = inFlightBySha.get(key);
        if (other) {
          prepareSlots.release();
          preparing = false;
          await other;
          await prepareSlots.acquire();
          preparing = true;
          known = uploadedBySha.get(key);
        }
      }
      if (known !== undefined) {
        markSameAs(record, known);
        return false;
      }
      holdsSha = key;
      inFlightBySha.set(
        key,
        new Promise<void>((resolve) => {
          settleSha = resolve;
        }),
      );
      const prepared = await steps.prepare(source, record);
      prepareSlots.release();
      preparing = false;

      await uploadSlots.acquire();
      try {
        step(record, {
          state: 'uploading',
          progress: 0,
          converted: prepared.converted,
          width: prepared.width,
          height: prepared.height,
        });
        const total = Math.max(1, prepared.bytes.length);
        let lastSent = 0;
        const result = await steps.upload(
          prepared,
          (sent) => {
            sentSamples.push({ at: clock.now(), bytes: Math.max(0, sent - lastSent) });
            lastSent = sent;
            record.progress = Math.min(0.99, sent / total);
            markDirty(record.id);
          },
          record,
        );
        // Journaled before the draft step: after a crash the file is not sent again, only the draft
        // made. Without a draft step the outcome line follows in the same tick (and journal batch).
        (steps.createDraft ? update : step)(record, { fileKey: result.fileKey, progress: 1 });
        uploadedBySha.set(key, record.id);
        return true;
      } finally {
        uploadSlots.release();
      }
    } finally {
      if (preparing) prepareSlots.release();
      if (holdsSha !== null) inFlightBySha.delete(holdsSha);
      settleSha();
    }
  }

  async function run(record: QueueRecord): Promise<void> {
    try {
      if (closed || pauseReason !== null || record.state !== 'queued' || !runsNow(record)) {
        // Paused (or closed) before it started: back to the front of the line.
        if (record.state === 'queued' && items.has(record.id)) {
          if (runsNow(record)) runnable = new Set([record.id, ...runnable]);
          else held.add(record.id);
        }
        return;
      }
      if (record.fileKey === null && !(await sendFile(record))) return;
      if (steps.createDraft && record.workId === null) {
        const metadata = options.folderDefaults?.(record.folderId) ?? record.metadata;
        step(record, { state: 'uploading', progress: 1, metadata });
        record.workId = (await steps.createDraft(record)).workId;
      }
      // One line for the draft's workId and the outcome.
      update(record, {
        state: 'uploaded',
        progress: 1,
        error: null,
        retryAt: null,
        metadata: record.metadata ?? options.folderDefaults?.(record.folderId) ?? null,
        uploadedAt: clock.now(),
      });
      finishedAt.push(clock.now());
    } catch (error) {
      fail(record, asFailure(error));
    }
  }

  function fail(record: QueueRecord, failure: UploadFailure): void {
    if (!items.has(record.id)) return;
    const now = clock.now();
    switch (failure.kind) {
      case 'gone':
        drop(record);
        return;
      case 'signed-out':
        update(record, { state: 'queued', progress: 0, error: failure.message, retryAt: null });
        runnable = new Set([record.id, ...runnable]);
        if (pauseReason === null) pauseReason = 'signed-out';
        options.onDirty?.();
        return;
      case 'unstable':
        update(record, { state: 'queued', progress: 0, retryAt: now + unstableDelayMs });
        enqueue(record, record.retryAt);
        return;
      case 'account':
        // Started before someone else signed in: it waits for its account, and no attempt is lost.
        update(record, { state: 'queued', progress: 0, retryAt: null });
        if (runsNow(record)) runnable = new Set([record.id, ...runnable]);
        else held.add(record.id);
        return;
      case 'rejected':
        update(record, { state: 'failed', progress: 0, error: failure.message, retryAt: null });
        return;
      case 'retry': {
        const attempts = record.attempts + 1;
        if (attempts >= maxAttempts) {
          update(record, {
            state: 'failed',
            progress: 0,
            attempts,
            error: failure.message,
            retryAt: null,
          });
          return;
        }
        const retryAt = now + backoffDelay(attempts, baseDelayMs, maxDelayMs, random);
        update(record, { state: 'queued', progress: 0, attempts, error: failure.message, retryAt });
        enqueue(record, retryAt);
      }
    }
  }

  function requeueFailed(record: QueueRecord): void {
    update(record, { state: 'queued', attempts: 0, error: null, retryAt: null, progress: 0 });
    enqueue(record, null);
  }

  const queue: UploadQueue = {
    offer(file) {
      if (closed) return false;
      const latestId = latestByPath.get(file.path);
      const latest = latestId === undefined ? undefined : items.get(latestId);
      if (latest && latest.size === file.size && latest.mtimeMs === file.mtimeMs) return false;
      const now = clock.now();
      if (latest && latest.state === 'queued' && latest.fileKey === null) {
        // Not started yet: it will read the newest bytes anyway.
        update(latest, { size: file.size, mtimeMs: file.mtimeMs, name: file.name });
        if (file.owner !== null) reown(latest, file.owner);
        releaseHeld();
        pump();
        return true;
      }
      if (latest && latest.state === 'failed' && latest.fileKey === null) {
        // The designer fixed a refused file: try the new version in the same row.
        update(latest, { size: file.size, mtimeMs: file.mtimeMs, sha256: null });
        if (file.owner !== null) reown(latest, file.owner);
        requeueFailed(latest);
        pump();
        return true;
      }
      seq += 1;
      const record: QueueRecord = {
        id: newId(),
        owner: file.owner,
        folderId: file.folderId,
        path: file.path,
        name: file.name,
        size: file.size,
        mtimeMs: file.mtimeMs,
        state: 'queued',
        progress: 0,
        attempts: 0,
        error: null,
        retryAt: null,
        sha256: null,
        fileKey: null,
        workId: null,
        sameAs: null,
        converted: false,
        width: null,
        height: null,
        enqueuedAt: now,
        updatedAt: now,
        seq,
        metadata: null,
        uploadedAt: null,
      };
      items.set(record.id, record);
      latestByPath.set(record.path, record.id);
      save(record);
      enqueue(record, null);
      pump();
      return true;
    },
    forget(path) {
      const id = latestByPath.get(path);
      const record = id === undefined ? undefined : items.get(id);
      if (record && (record.state === 'queued' || record.state === 'failed')) drop(record);
    },
    forgetFolder(folderId) {
      for (const record of [...items.values()]) {
        if (
          record.folderId === folderId &&
          (record.state === 'queued' || record.state === 'failed')
        ) {
          drop(record);
        }
      }
    },
    setAccount(next) {
      account = next;
      releaseHeld();
      options.onDirty?.();
      pump();
    },
    claimUnowned(owner) {
      for (const record of items.values()) {
        if (record.owner === null) update(record, { owner });
      }
      indexUploaded();
      releaseHeld();
      pump();
    },
    moveFolder(folderId, owner) {
      for (const record of items.values()) {
        if (record.folderId !== folderId) continue;
        if (record.state === 'preparing' || record.state === 'uploading') {
          pendingMoves.set(record.id, owner);
        } else {
          reown(record, owner);
        }
      }
      indexUploaded();
      releaseHeld();
      pump();
    },
    heldCount(folderId) {
      let count = 0;
      for (const record of items.values()) {
        if (record.folderId === folderId && record.state === 'queued' && !runsNow(record)) {
          count += 1;
        }
      }
      return count;
    },
    pause(reason = 'user') {
      // A user's pause outranks waiting for a login: it stays until the user resumes.
      if (pauseReason === null || reason === 'user') pauseReason = reason;
      options.onDirty?.();
      return status();
    },
    resume(reason) {
      if (reason === undefined || pauseReason === reason) pauseReason = null;
      options.onDirty?.();
      pump();
      return status();
    },
    retry(target) {
      for (const record of [...items.values()]) {
        if (target !== RETRY_ALL_FAILED && record.id !== target) continue;
        if (record.state === 'failed') {
          requeueFailed(record);
        } else if (record.state === 'queued' && delayed.delete(record.id)) {
          // Waiting for its back-off: try now.
          update(record, { retryAt: null });
          runnable.add(record.id);
        }
      }
      armDelayTimer();
      pump();
      return status();
    },
    status,
    snapshot() {
      const list = [...items.values()].sort((a, b) => a.seq - b.seq).map(publicItem);
      return { ...status(), items: list };
    },
    get: (id) => items.get(id),
    takeChanges() {
      const reset = dirty.size > maxChanged;
      const changed = reset
        ? []
        : [...dirty].flatMap((id) => {
            const record = items.get(id);
            return record ? [publicItem(record)] : [];
          });
      const change: UploadQueueChange = {
        ...status(),
        changed,
        removed: reset ? [] : [...removed],
        reset,
      };
      dirty.clear();
      removed.clear();
      return change;
    },
    idle() {
      if (active === 0 && (runnable.size === 0 || pauseReason !== null || closed)) {
        return Promise.resolve();
      }
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close({ wait = false } = {}) {
      closed = true;
      if (delayTimer !== null) clock.clearTimeout(delayTimer);
      delayTimer = null;
      if (wait) await queue.idle();
      await journal.flush();
    },
  };
  // Items restored as runnable start now.
  queueMicrotask(pump);
  return queue;
}
