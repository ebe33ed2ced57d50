import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

// A row count and a checksum of every table, to show that a rejected request changed no row.

/** A table (or some of its columns) left out of the snapshot, and why. */
export type SnapshotExclusion = {
  table: string;
  /** Only these columns; the whole table when absent. */
  columns?: readonly string[];
  reason: string;
};

/**
 * What legitimately changes on a rejected request, or changes without any request. Everything
 * else in the database must stay as it was when a request is refused.
 */
export const SNAPSHOT_EXCLUSIONS: readonly SnapshotExclusion[] = [
  {
    table: 'sms_codes',
    reason: 'a wrong SMS code counts an attempt against the stored code (the guessing limit)',
  },
  {
    table: 'sign_in_failures',
    reason: 'a wrong password counts a failure towards the sign-in lock',
  },
  {
    table: 'work_image_descriptors',
    reason: 'written by the background image indexer on its own schedule, not by a request',
  },
  {
    table: 'works',
    columns: ['view_count'],
    reason: 'views are counted in memory and flushed by a timer that may fire during any request',
  },
];

export type TableState = { rows: number; checksum: string };
export type DbSnapshot = ReadonlyMap<string, TableState>;

type AnyDb = Kysely<Database>;

const quoteId = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const quoteText = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/**
 * One query that reads every table: its row count and its rows, each row the SQL `quote()` of
 * every column, in rowid order (primary-key order for a WITHOUT ROWID table).
 */
export async function snapshotQuery(
  db: AnyDb,
  exclusions: readonly SnapshotExclusion[] = SNAPSHOT_EXCLUSIONS,
): Promise<string> {
  const tables = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master
    where type = 'table' and name not like 'sqlite_%'
    order by name`.execute(db);
  const parts: string[] = [];
  for (const table of tables.rows) {
    const text = (table.sql ?? '').toUpperCase();
    // A virtual table's rows live in its shadow tables, which are listed (and read) themselves.
    if (text.startsWith('CREATE VIRTUAL TABLE')) continue;
    const excluded = exclusions.filter((e) => e.table === table.name);
    if (excluded.some((e) => e.columns === undefined)) continue;
    const skip = new Set(excluded.flatMap((e) => e.columns ?? []));
    const columns = await sql<{ name: string; pk: number }>`
      select name, pk from pragma_table_info(${table.name})`.execute(db);
    const kept = columns.rows.filter((c) => !skip.has(c.name));
    const row = kept.length
      ? kept.map((c) => `quote(${quoteId(c.name)})`).join(' || char(31) || ')
      : "''";
    const keys = columns.rows.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const order = /WITHOUT\s+ROWID/.test(text)
      ? (keys.length ? keys : columns.rows).map((c) => quoteId(c.name)).join(', ')
      : 'rowid';
    parts.push(
      `select ${quoteText(table.name)} as t, count(*) as n, ` +
        `group_concat(${row}, char(10) order by ${order}) as g from ${quoteId(table.name)}`,
    );
  }
  return parts.join('\nunion all\n');
}

/** Row count and checksum of every table, by a query from snapshotQuery. */
export async function readSnapshot(db: AnyDb, query: string): Promise<DbSnapshot> {
  const result = await sql<{ t: string; n: number; g: string | null }>`${sql.raw(query)}`.execute(
    db,
  );
  const snapshot = new Map<string, TableState>();
  for (const row of result.rows) {
    const checksum = createHash('sha256')
      .update(row.g ?? '')
      .digest('hex');
    snapshot.set(row.t, { rows: row.n, checksum });
  }
  return snapshot;
}

/** Row count and checksum of every table (rows hashed in rowid order), exclusions left out. */
export async function takeSnapshot(
  db: AnyDb,
  exclusions: readonly SnapshotExclusion[] = SNAPSHOT_EXCLUSIONS,
): Promise<DbSnapshot> {
  return readSnapshot(db, await snapshotQuery(db, exclusions));
}

/** The tables that differ, one line each ("users: 12 → 13 rows", "works: rows changed"). */
export function diffSnapshots(before: DbSnapshot, after: DbSnapshot): string[] {
  const changes: string[] = [];
  const names = new Set([...before.keys(), ...after.keys()]);
  for (const name of [...names].sort()) {
    const a = before.get(name);
    const b = after.get(name);
    if (!a) changes.push(`${name}: table created`);
    else if (!b) changes.push(`${name}: table dropped`);
    else if (a.rows !== b.rows) changes.push(`${name}: ${a.rows} → ${b.rows} rows`);
    else if (a.checksum !== b.checksum) changes.push(`${name}: rows changed (${a.rows} rows)`);
  }
  return changes;
}

/**
 * Snapshots around requests, cheaply: SQLite's total_changes() (every row this connection wrote,
 * rolled back or not) and data_version (commits by other connections) say whether anything was
 * written since the last snapshot; only then is the database read again. When they moved during a
 * request, the full snapshot decides whether a row really changed.
 */
export type SnapshotGuard = {
  /** The state just before a request (the cached snapshot when nothing was written since). */
  before: () => Promise<GuardMark>;
  /** What a request changed since `before` (empty when nothing). */
  changesSince: (mark: GuardMark) => Promise<string[]>;
  /** How many full snapshots were taken. */
  snapshots: () => number;
};

export type GuardMark = { version: string; snapshot: DbSnapshot };

export function createSnapshotGuard(
  db: AnyDb,
  exclusions: readonly SnapshotExclusion[] = SNAPSHOT_EXCLUSIONS,
): SnapshotGuard {
  let cached: GuardMark | null = null;
  let taken = 0;
  const version = async (): Promise<string> => {
    const changes = await sql<{ n: number }>`select total_changes() as n`.execute(db);
    const data = await sql<{ data_version: number }>`pragma data_version`.execute(db);
    return `${changes.rows[0]?.n ?? -1}:${data.rows[0]?.data_version ?? -1}`;
  };
  let query: string | null = null;
  const snapshotNow = async (): Promise<GuardMark> => {
    // Read the version first: a write racing the snapshot then only forces one more snapshot.
    const v = await version();
    query ??= await snapshotQuery(db, exclusions);
    const snapshot = await readSnapshot(db, query);
    taken += 1;
    cached = { version: v, snapshot };
    return cached;
  };
  return {
    before: async () => {
      if (cached && cached.version === (await version())) return cached;
      return snapshotNow();
    },
    changesSince: async (mark) => {
      if ((await version()) === mark.version) return [];
      const after = await snapshotNow();
      return diffSnapshots(mark.snapshot, after.snapshot);
    },
    snapshots: () => taken,
  };
}
