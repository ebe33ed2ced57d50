// The upload queue's journal: one JSON line per change of an item, appended in group commits (one write
// per batch, an fdatasync at most once a second), compacted by an atomic rewrite. A plain file, so the
// main process needs no native database module built for Electron. A torn last line is ignored.
import { mkdir, open, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorCode, writeFileAtomically } from '../atomic-file';

export type JournalRecord<T> = { op: 'put'; item: T } | { op: 'del'; id: string };

export type JournalOptions<T> = {
  file: string;
  /** Checks one stored item; null drops it (a line from a newer or broken version). */
  parse: (value: unknown) => T | null;
  /** fdatasync the appends (default true); off only where durability does not matter. */
  sync?: boolean;
  /**
   * Appends are written at once (a killed process loses nothing) but fdatasynced at most this often
   * (default 1 s): a power cut loses at most the last second, work the server's dedupe makes harmless.
   */
  syncIntervalMs?: number;
  /**
   * Rewrite the file once it holds this many lines more than there are live items (default 2,000), or
   * more than twice the live items, whichever is larger: rewrites stay rare for a large queue.
   */
  compactSlack?: number;
  /** Told when a batch could not be written; the journal keeps going (the next batch retries). */
  onError?: (error: unknown) => void;
};

export type Journal<T extends { id: string }> = {
  /** Records the item's current state (last put wins). */
  put(item: T): void;
  remove(id: string): void;
  /** Resolves once everything recorded before the call is written to the file (a crash keeps it). */
  flush(): Promise<void>;
  /** Flushes, fdatasyncs and closes; later puts are ignored. */
  close(): Promise<void>;
  /** Lines in the file now (for tests and the benchmark). */
  readonly lineCount: number;
};

export type OpenedJournal<T extends { id: string }> = {
  journal: Journal<T>;
  /** Live items in the order they were first recorded. */
  items: T[];
  /** Lines that could not be read: a torn last line, or damage in the middle. */
  skippedLines: number;
};

type Waiter = { upTo: number; resolve: () => void };

function readLines<T extends { id: string }>(
  text: string,
  parse: (value: unknown) => T | null,
): { live: Map<string, T>; skipped: number } {
  const live = new Map<string, T>();
  let skipped = 0;
  // The part after the last newline was never completed: a crash tore it.
  const lines = text.split('\n');
  const torn = lines.pop();
  if (torn !== undefined && torn.trim() !== '') skipped += 1;
  for (const line of lines) {
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      skipped += 1;
      continue;
    }
    const { op, id, item } = (record ?? {}) as Record<string, unknown>;
    if (op === 'del' && typeof id === 'string') {
      live.delete(id);
    } else if (op === 'put') {
      const parsed = parse(item);
      if (parsed === null) skipped += 1;
      else live.set(parsed.id, parsed);
    } else {
      skipped += 1;
    }
  }
  return { live, skipped };
}

const serialize = <T>(record: JournalRecord<T>): string => `${JSON.stringify(record)}\n`;

/** Loads the journal (creating it if missing), rewrites it compactly, and opens it for appending. */
export async function openJournal<T extends { id: string }>(
  options: JournalOptions<T>,
): Promise<OpenedJournal<T>> {
  const { file, parse } = options;
  const sync = options.sync ?? true;
  const syncIntervalMs = options.syncIntervalMs ?? 1_000;
  const compactSlack = options.compactSlack ?? 2_000;
  const onError =
    options.onError ??
    ((error: unknown) =>
      console.error('[wenyang] 上传队列无法写入 / Upload journal write failed:', error));
  await mkdir(dirname(file), { recursive: true });
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  const { live: loaded, skipped } = readLines(text, parse);

  // The latest line of every live item: what a compaction writes.
  const liveLines = new Map<string, string>();
  for (const item of loaded.values()) liveLines.set(item.id, serialize({ op: 'put', item }));

  // Start from a clean file: no torn tail for the next append to run into.
  await writeFileAtomically(file, [...liveLines.values()].join(''));
  let handle: FileHandle | null = await open(file, 'a');
  let lineCount = liveLines.size;

  let pending: string[] = [];
  let recorded = 0;
  let written = 0;
  let waiters: Waiter[] = [];
  let loop: Promise<void> | null = null;
  let closed = false;
  let unsynced = false;
  let syncDue = false;
  let lastSync = 0;
  let syncTimer: ReturnType<typeof setTimeout> | null = null;

  async function compact(): Promise<void> {
    await handle?.close();
    handle = null;
    await writeFileAtomically(file, [...liveLines.values()].join(''));
    handle = await open(file, 'a');
    lineCount = liveLines.size;
  }

  async function syncIfDue(force: boolean): Promise<void> {
    if (!sync || !unsynced || handle === null) return;
    const wait = lastSync + syncIntervalMs - Date.now();
    if (force || syncDue || wait <= 0) {
      if (syncTimer !== null) clearTimeout(syncTimer);
      syncTimer = null;
      syncDue = false;
      unsynced = false;
      lastSync = Date.now();
      await handle.datasync();
    } else if (syncTimer === null) {
      syncTimer = setTimeout(() => {
        syncTimer = null;
        syncDue = true;
        schedule();
      }, wait);
    }
  }

  async function writeBatches(): Promise<void> {
    while (pending.length > 0 || syncDue) {
      const batch = pending;
      pending = [];
      const upTo = recorded;
      try {
        if (batch.length > 0) {
          if (handle === null) handle = await open(file, 'a');
          await handle.write(batch.join(''));
          unsynced = true;
          lineCount += batch.length;
          // A compaction fsyncs the new file itself.
          if (lineCount - liveLines.size > Math.max(compactSlack, liveLines.size)) {
            await compact();
            unsynced = false;
          }
        }
        await syncIfDue(false);
      } catch (error) {
        onError(error);
      }
      syncDue = false;
      written = upTo;
      const done = waiters.filter((w) => w.upTo <= written);
      waiters = waiters.filter((w) => w.upTo > written);
      for (const waiter of done) waiter.resolve();
    }
  }

  function schedule(): void {
    if (loop !== null) return;
    // One tick's worth of changes goes out as one batch.
    loop = new Promise<void>((resolve) => setImmediate(resolve)).then(writeBatches).finally(() => {
      loop = null;
      if (pending.length > 0) schedule();
    });
  }

  function append(line: string): void {
    if (closed) return;
    pending.push(line);
    recorded += 1;
    schedule();
  }

  const journal: Journal<T> = {
    put(item) {
      if (closed) return;
      const line = serialize({ op: 'put', item });
      liveLines.set(item.id, line);
      append(line);
    },
    remove(id) {
      if (closed || !liveLines.delete(id)) return;
      append(serialize<T>({ op: 'del', id }));
    },
    flush() {
      if (written >= recorded) return Promise.resolve();
      const upTo = recorded;
      return new Promise<void>((resolve) => waiters.push({ upTo, resolve }));
    },
    async close() {
      await journal.flush();
      closed = true;
      await loop;
      try {
        await syncIfDue(true);
      } catch (error) {
        onError(error);
      }
      if (syncTimer !== null) clearTimeout(syncTimer);
      syncTimer = null;
      await handle?.close();
      handle = null;
    },
    get lineCount() {
      return lineCount;
    },
  };
  return { journal, items: [...loaded.values()], skippedLines: skipped };
}
