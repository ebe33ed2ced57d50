import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';

// Image search: one stored descriptor per work, so the in-memory index is rebuilt from the database
// at start instead of re-reading every original; and the platform dictionary of dict/getByKeys.
export function imageSearchMigration(dialect: DialectName): Migration {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('work_image_descriptors')
        .addColumn('work_id', 'integer', (c) =>
          c.primaryKey().references('works.id').onDelete('cascade'),
        )
        // Extractor version: rows of another version are recomputed in the background.
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('descriptor', binary, (c) => c.notNull())
        // The 128-bit exact-copy hash (hex), for duplicate checks that need no descriptor.
        .addColumn('hash', 'text', (c) => c.notNull())
        // The storage key the descriptor was computed from; a new original invalidates it.
        .addColumn('source_key', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('work_image_descriptors_hash')
        .on('work_image_descriptors')
        .column('hash')
        .execute();
      await db.schema
        .createIndex('work_image_descriptors_updated')
        .on('work_image_descriptors')
        .column('updated_at')
        .execute();

      await db.schema
        .createTable('platform_dicts')
        .addColumn('dict_key', 'text', (c) => c.primaryKey())
        // JSON text; getByKeys returns it parsed.
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
