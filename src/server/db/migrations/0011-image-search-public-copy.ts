import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';

// Image search: the fine spectrum of each work's public, watermarked preview beside the original's,
// so a buyer who drops a screenshot or a saved copy of the preview finds the work as 同款. Rows without
// it (null) are described again in the background.
export function imageSearchPublicCopyMigration(dialect: DialectName): Migration {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('work_image_descriptors')
        .addColumn('public_fine', binary)
        .execute();
      // The preview's storage key the public fine was computed from; a new preview invalidates it.
      await db.schema
        .alterTable('work_image_descriptors')
        .addColumn('public_key', 'text')
        .execute();
    },
  };
}
