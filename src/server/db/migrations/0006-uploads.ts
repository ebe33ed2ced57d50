import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Uploaded pattern files: one row per user and content hash, so the same bytes are never stored twice.
export function uploadsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('uploads'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('file_key', 'text', (c) => c.notNull().unique())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('uploads_user_hash')
        .on('uploads')
        .columns(['user_id', 'sha256'])
        .unique()
        .execute();
    },
  };
}
