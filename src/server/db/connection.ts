import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: DialectName;
  close: () => Promise<void>;
};

// PostgreSQL returns int8 (counts, sums) as strings; every such value here fits a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function openSqlite(file: string): DatabaseHandle {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with NORMAL sync never corrupts; a power cut may lose the last commits, not the file. FULL
  // would fsync every commit (every view counted). 64 MB of page cache keeps the catalogue's indexes hot.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Opens PostgreSQL; with `schema`, every connection works inside that schema (tests isolate by it). */
export async function openPostgres(
  url: string,
  schema?: string,
  maxConnections = 10,
): Promise<DatabaseHandle> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`invalid schema name ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
