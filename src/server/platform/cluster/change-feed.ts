import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema';

// The work changes app servers tell each other (docs/cluster.md). A server that changes works
// appends one row to work_changes and sends a NOTIFY in the same transaction (PostgreSQL delivers
// it on commit, after the row is visible); every server follows the table by id: a NOTIFY wakes it
// at once, a poll every few seconds catches what a lost notification or a dropped LISTEN
// connection missed. Ids are handed out before commit, so a row with a smaller id can appear after
// a larger one was read: such gaps are asked for again until they fill or are old enough to be a
// rolled-back insert.

export type ChangeFeedOptions = {
  db: Kysely<Database>;
  /** This server's name; its own rows are skipped (it applied them already). */
  origin: string;
  /** PostgreSQL URL for the LISTEN connection; without it the feed only polls. */
  listenUrl?: string;
  /** How often to poll with LISTEN (a safety net) and without it. */
  pollMs?: { listening: number; polling: number };
  /** Applies changes made by other servers; the feed waits for it before reading on. */
  apply: (workIds: readonly number[]) => Promise<void>;
  log: (line: string, err?: unknown) => void;
  now: () => number;
};

export type ChangeFeed = {
  /** Reads the newest id (older changes are in what the indexes load) and starts following. */
  start: () => Promise<void>;
  /** Tells the other servers these works changed. */
  publish: (workIds: readonly number[]) => Promise<void>;
  /** Reads and applies what is new now (tests, and the LISTEN wake-up). */
  poll: () => Promise<void>;
  /** Whether a LISTEN connection is up. */
  readonly listening: boolean;
  /** Rows applied from other servers since start. */
  readonly applied: number;
  stop: () => Promise<void>;
};

/** How long a missing id is asked for again before it is taken for a rolled-back insert. */
const GAP_MS = 10_000;
const PAGE = 500;
/** How far below the newest row read a missing id is still waited for. */
const GAP_SPAN = 200;
const RECONNECT_MS = 1_000;

/** The NOTIFY channel of one schema (tests run many schemas in one database). */
export async function changeChannel(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(db);
  const schema = rows[0]?.name ?? 'public';
  return `wenyang_work_changes_${schema}`.slice(0, 63);
}

export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { db } = options;
  const pollMs = options.pollMs ?? { listening: 5_000, polling: 1_000 };
  let channel: Promise<string> | null = null;
  const channelName = () => (channel ??= changeChannel(db));
  let connecting = false;
  let cursor = 0;
  /** Ids below the cursor not seen yet, with when they were first missed. */
  const gaps = new Map<number, number>();
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let applied = 0;

  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => void poll().catch((err: unknown) => options.log('work change feed poll failed', err)),
      listening ? pollMs.listening : pollMs.polling,
    );
    timer.unref();
  };

  const readOnce = async (): Promise<boolean> => {
    const asked = [...gaps.keys()];
    const rows = await db
      .selectFrom('work_changes')
      .select(['id', 'work_ids', 'origin'])
      .where((eb) =>
        asked.length > 0
          ? eb.or([eb('id', '>', cursor), eb('id', 'in', asked)])
          : eb('id', '>', cursor),
      )
      .orderBy('id')
      .limit(PAGE)
      .execute();
    const ids = new Set<number>();
    for (const row of rows) {
      ids.add(row.id);
      gaps.delete(row.id);
      if (row.origin === options.origin) continue;
      const workIds = row.work_ids
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
      if (workIds.length > 0) await options.apply(workIds);
      applied += 1;
    }
    const newest = rows.reduce((max, r) => Math.max(max, r.id), cursor);
    const now = options.now();
    // Only near the newest row: concurrent inserts are close together, and a long run of missing
    // ids (rows pruned before this server started, a sequence that skipped ahead) is not a gap.
    for (let id = Math.max(cursor + 1, newest - GAP_SPAN); id < newest; id += 1) {
      if (!ids.has(id)) gaps.set(id, now);
    }
    cursor = newest;
    for (const [id, since] of gaps) if (now - since > GAP_MS) gaps.delete(id);
    return rows.length === PAGE;
  };

  const poll = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      // A wake-up during a read: read once more after it, so nothing committed meanwhile waits.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await readOnce()) && !stopped);
        } while (again && !stopped);
      } finally {
        running = null;
        schedule();
      }
    })();
    return running;
  };

  const connect = async () => {
    if (!options.listenUrl || stopped) return;
    const next = new pg.Client({ connectionString: options.listenUrl });
    const lost = (err?: unknown) => {
      if (client !== next) return;
      client = null;
      listening = false;
      if (err) options.log('work change feed lost its LISTEN connection', err);
      next.end().catch(() => undefined);
      retryLater();
    };
    const name = await channelName();
    next.on('notification', (message) => {
      if (message.channel !== name) return;
      poll().catch((err: unknown) => options.log('work change feed poll failed', err));
    });
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    await next.connect();
    await next.query(`listen "${name}"`);
    listening = true;
  };

  function retryLater() {
    if (stopped || connecting) return;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => void reconnect(), RECONNECT_MS);
    reconnectTimer.unref();
  }

  const reconnect = async () => {
    if (connecting || stopped) return;
    connecting = true;
    reconnectTimer = null;
    try {
      await connect();
      connecting = false;
      // What was committed while the connection was down.
      await poll().catch((err: unknown) => options.log('work change feed poll failed', err));
    } catch (err) {
      connecting = false;
      options.log('work change feed could not LISTEN', err);
      if (client) {
        const dead = client;
        client = null;
        listening = false;
        await dead.end().catch(() => undefined);
      }
      retryLater();
    }
  };

  return {
    async start() {
      await channelName();
      const row = await db
        .selectFrom('work_changes')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      cursor = Number(row?.id ?? 0);
      if (options.listenUrl) await reconnect();
      schedule();
    },
    async publish(workIds) {
      if (workIds.length === 0) return;
      const name = await channelName();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('work_changes')
          .values({
            work_ids: workIds.join(','),
            origin: options.origin,
            created_at: new Date(options.now()).toISOString(),
          })
          .execute();
        await sql`select pg_notify(${name}, '')`.execute(trx);
      });
    },
    poll,
    get listening() {
      return listening;
    },
    get applied() {
      return applied;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      timer = null;
      reconnectTimer = null;
      await running;
      const open = client;
      client = null;
      listening = false;
      await open?.end().catch(() => undefined);
    },
  };
}
