import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// 新品 (docs/new-products.md): a buyer's product mock-up of a pattern — a marketplace work or one of
// their uploads — on a product template, with the settings it was rendered with. The clean picture
// and (for works) the watermarked one are private files; which one the owner sees depends on a
// running licence at the time of asking, so nothing here records it.
export function newProductsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('new_products'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('template_id', 'text', (c) => c.notNull())
        /** work | upload */
        .addColumn('source_kind', 'text', (c) => c.notNull())
        .addColumn('work_id', 'integer', (c) => c.references('works.id'))
        /** The upload's storage key (private/uploads/…), for a mock-up of the user's own pattern. */
        .addColumn('file_key', 'text')
        .addColumn('scale', 'integer', (c) => c.notNull())
        .addColumn('rotation', 'integer', (c) => c.notNull())
        .addColumn('offset_x', 'integer', (c) => c.notNull())
        .addColumn('offset_y', 'integer', (c) => c.notNull())
        .addColumn('clean_key', 'text', (c) => c.notNull())
        /** The 纹样预览 version; null for the user's own patterns and works. */
        .addColumn('watermarked_key', 'text')
        /** The form's key and a digest of its choices: a retry finds the first 新品. */
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('new_products_user_idem', ['user_id', 'idem_key'])
        .execute();
      await db.schema
        .createIndex('new_products_user_created')
        .on('new_products')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('new_products').execute();
    },
  };
}
