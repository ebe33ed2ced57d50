import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Message centre (issue 13): one row per notice sent to one user. read_at is null until the owner
// reads it; the (user_id, read_at) index serves the unread count and the unread filter.
export function noticesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('notices'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        /** NoticeKind: system, review, order, wallet, service, complaint, activity, folk. */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        /** An in-site path the notice leads to, or null. */
        .addColumn('link', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema
        .createIndex('notices_user_read')
        .on('notices')
        .columns(['user_id', 'read_at'])
        .execute();
    },
  };
}
