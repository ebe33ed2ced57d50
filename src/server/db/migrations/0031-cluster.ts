import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Several app servers on one PostgreSQL (docs/cluster.md): the work changes each server publishes
// for the others (followed by id, woken by LISTEN/NOTIFY), the schedule of jobs that run once
// across servers, and the counters of request rate limits. SQLite has one process: the tables
// exist there too (one schema for both dialects) but stay empty.
export function clusterMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('work_changes'), dialect)
        /** Comma-separated work ids. */
        .addColumn('work_ids', 'text', (c) => c.notNull())
        /** The server that made the change (it applied it already). */
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('work_changes_created')
        .on('work_changes')
        .columns(['created_at'])
        .execute();

      await db.schema
        .createTable('cluster_jobs')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('next_run_at', 'text', (c) => c.notNull())
        .addColumn('last_run_at', 'text', (c) => c.notNull())
        .addColumn('last_origin', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        /** When the window started, ms since the epoch. */
        .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
        .addColumn('window_ms', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_hits_window')
        .on('rate_limit_hits')
        .columns(['window_start_ms'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limit_hits').execute();
      await db.schema.dropTable('cluster_jobs').execute();
      await db.schema.dropTable('work_changes').execute();
    },
  };
}
