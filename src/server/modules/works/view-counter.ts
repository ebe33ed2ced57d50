import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { WORK_MSG } from './messages';

/**
 * Counts work views in memory and adds them to works.view_count in one transaction per interval,
 * instead of one write per page view. A crash loses at most one interval of views (a counter, not a
 * record); closing the app flushes what is pending. Each server adds its own views as increments
 * (`view_count + n`), so several app servers neither lose nor double each other's counts; a batch
 * whose transaction failed (rolled back, nothing written) is counted again with the next one.
 */
export type ViewCounter = {
  record: (workId: number) => void;
  /** Views recorded but not yet written, to add to what the database says. */
  pending: (workId: number) => number;
  /** Views recorded by this server since it started (only ever grows). */
  recorded: (workId: number) => number;
  flush: () => Promise<void>;
  stop: () => Promise<void>;
};

export function createViewCounter(
  db: Kysely<Database>,
  options: { flushMs: number; log?: (line: string) => void },
): ViewCounter {
  let counts = new Map<number, number>();
  const totals = new Map<number, number>();
  // Taken for writing but not committed yet: still pending for readers.
  let writing = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let stopped = false;

  const flush = async () => {
    timer = null;
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    writing = batch;
    try {
      await db.transaction().execute(async (trx) => {
        for (const [id, n] of batch) {
          await trx
            .updateTable('works')
            .set((eb) => ({ view_count: eb('view_count', '+', n) }))
            .where('id', '=', id)
            .execute();
        }
      });
    } catch (err) {
      // Rolled back: these views go with the next batch (or the flush at close).
      for (const [id, n] of batch) counts.set(id, (counts.get(id) ?? 0) + n);
      if (!stopped && !timer) {
        timer = setTimeout(() => void run(), options.flushMs);
        timer.unref();
      }
      throw err;
    } finally {
      writing = new Map();
    }
  };
  const run = () => {
    flushing = flushing.then(flush).catch((err: unknown) => {
      options.log?.(
        WORK_MSG.viewCountWriteFailed(err instanceof Error ? err.message : String(err)),
      );
    });
    return flushing;
  };

  return {
    record: (workId) => {
      counts.set(workId, (counts.get(workId) ?? 0) + 1);
      totals.set(workId, (totals.get(workId) ?? 0) + 1);
      if (!timer) {
        timer = setTimeout(() => void run(), options.flushMs);
        timer.unref();
      }
    },
    pending: (workId) => (counts.get(workId) ?? 0) + (writing.get(workId) ?? 0),
    recorded: (workId) => totals.get(workId) ?? 0,
    flush: run,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await run();
    },
  };
}
