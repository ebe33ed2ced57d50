import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/connection';

// Scheduled jobs (settlement, sweepers) that must run once however many app servers run
// (docs/cluster.md). On PostgreSQL a server claims a run under a transaction advisory lock
// (pg_try_advisory_xact_lock): cluster_jobs says when the job is next due, and the claim moves that
// on before the run starts, so N servers make one run per interval between them, not N; a server
// that dies during its run leaves the job to the next interval. On SQLite there is one process: the
// job runs at start and then every interval, as before.

export type JobDeps = { db: Kysely<Database>; dialect: DialectName; now: () => number };

export type JobOptions = {
  /** Unique among jobs; the advisory lock and the cluster_jobs row are keyed by it. */
  name: string;
  everyMs: number;
  run: () => Promise<void>;
  /** A failed run; it is tried again after min(everyMs, 5 min). */
  onError: (err: unknown) => void;
  /** This server's name, written beside the run (who ran it last). */
  origin: string;
};

export type ScheduledJob = {
  /**
   * Runs the job unless it is not due or (PostgreSQL) another server holds its lock; resolves to
   * whether this server ran it. Failures are reported to onError, never thrown.
   */
  runIfDue: () => Promise<boolean>;
  /** Runs once if due, then keeps checking; resolves after that first check. */
  start: () => Promise<void>;
  /** Whether the next check is scheduled (closing the app must end it). */
  readonly scheduled: boolean;
  /** Ends the schedule and waits for a run in progress (graceful shutdown). */
  stop: () => Promise<void>;
};

/** How often a server asks whether a job is due, at most (PostgreSQL). */
const CHECK_MS = 60_000;
const RETRY_MS = 5 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

export function scheduleJob(deps: JobDeps, options: JobOptions): ScheduledJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;
  let stopped = false;

  const runGuarded = async (): Promise<{ ok: boolean }> => {
    try {
      await options.run();
      return { ok: true };
    } catch (err) {
      options.onError(err);
      return { ok: false };
    }
  };

  /**
   * Claims the run in one short transaction: the advisory lock makes the check and the claim one
   * step across servers, and the claim (next_run_at moved on) keeps the others off while it runs.
   * No connection is held during the run itself, so jobs never wait on each other for the pool.
   */
  const claim = () =>
    deps.db.transaction().execute(async (trx) => {
      const key = sql`hashtext(current_schema()), hashtext(${`job:${options.name}`})`;
      const { rows } = await sql<{
        ok: boolean;
      }>`select pg_try_advisory_xact_lock(${key}) as ok`.execute(trx);
      if (!rows[0]?.ok) return null;
      const row = await trx
        .selectFrom('cluster_jobs')
        .select('next_run_at')
        .where('name', '=', options.name)
        .executeTakeFirst();
      const started = deps.now();
      if (row && row.next_run_at > iso(started)) return null;
      const values = {
        next_run_at: iso(started + options.everyMs),
        last_run_at: iso(started),
        last_origin: options.origin,
      };
      await trx
        .insertInto('cluster_jobs')
        .values({ name: options.name, ...values })
        .onConflict((oc) => oc.column('name').doUpdateSet(values))
        .execute();
      return started;
    });

  const runLocked = async (): Promise<boolean> => {
    const started = await claim();
    if (started === null) return false;
    const { ok } = await runGuarded();
    if (!ok) {
      await deps.db
        .updateTable('cluster_jobs')
        .set({ next_run_at: iso(started + Math.min(options.everyMs, RETRY_MS)) })
        .where('name', '=', options.name)
        .execute();
    }
    return true;
  };

  const runIfDue = (): Promise<boolean> => {
    if (stopped) return Promise.resolve(false);
    // One run at a time in this process; a tick during a run is that run.
    running ??= (
      deps.dialect === 'postgres'
        ? runLocked().catch((err: unknown) => {
            options.onError(err);
            return false;
          })
        : runGuarded().then(() => true)
    ).finally(() => {
      running = null;
    });
    return running;
  };

  return {
    runIfDue,
    async start() {
      if (stopped || timer) return;
      const every =
        deps.dialect === 'postgres' ? Math.min(options.everyMs, CHECK_MS) : options.everyMs;
      timer = setInterval(() => void runIfDue(), every);
      timer.unref();
      await runIfDue();
    },
    get scheduled() {
      return timer !== null;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
