import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Publishing: settle-in applications, identity verification, how each work was made and reviewed,
// designers' own classifications, pattern-file groups, and sale records (filled once orders exist).
export function publishingMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('identity_verifications'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        /** personal (resident ID) | enterprise (credit code) */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('number_masked', 'text', (c) => c.notNull())
        /** HMAC of the number, so one ID verifies one account without storing the number. */
        .addColumn('number_hash', 'text', (c) => c.notNull())
        /** verified | failed */
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('is_signer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('identity_verifications_user')
        .on('identity_verifications')
        .columns(['user_id', 'kind', 'status'])
        .execute();
      await db.schema
        .createIndex('identity_verifications_hash')
        .on('identity_verifications')
        .columns(['number_hash', 'status'])
        .execute();

      await idColumn(db.schema.createTable('designer_applications'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        /** personal | enterprise */
        .addColumn('kind', 'text', (c) => c.notNull())
        /** submitted | approved | rejected */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('nick_name', 'text', (c) => c.notNull())
        .addColumn('settled_in_type', 'integer', (c) => c.notNull())
        .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('id_number_masked', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('credit_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('contact_phone', 'text', (c) => c.notNull())
        .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
        /** JSON array of industry ids. */
        .addColumn('industry_ids', 'text', (c) => c.notNull())
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        /** JSON array of upload fileKeys. */
        .addColumn('sample_keys', 'text', (c) => c.notNull())
        .addColumn('licence_key', 'text')
        .addColumn('verification_id', 'integer', (c) => c.references('identity_verifications.id'))
        .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
        .addColumn('reviewed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('designer_applications_user')
        .on('designer_applications')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('designer_applications_state')
        .on('designer_applications')
        .columns(['state', 'created_at'])
        .execute();
      // One open application per user, even when two tabs submit at once.
      await db.schema
        .createIndex('designer_applications_one_open')
        .on('designer_applications')
        .column('user_id')
        .unique()
        .where(sql.ref('state'), '=', 'submitted')
        .execute();

      // How a work was made: from which uploaded file (one draft per user and file) and whether its
      // category was chosen (a draft has a placeholder until then).
      await db.schema
        .createTable('work_sources')
        .addColumn('work_id', 'integer', (c) =>
          c.primaryKey().references('works.id').onDelete('cascade'),
        )
        .addColumn('designer_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('file_key', 'text', (c) => c.notNull())
        /** file_key while the work is not deleted, else null: keeps one live draft per file. */
        .addColumn('live_file_key', 'text')
        .addColumn('category_chosen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('work_sources_live_file')
        .on('work_sources')
        .columns(['designer_id', 'live_file_key'])
        .unique()
        .execute();

      await idColumn(db.schema.createTable('work_reviews'), dialect)
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        .addColumn('designer_id', 'integer', (c) => c.notNull().references('users.id'))
        /** pending | approved | rejected | withdrawn | taken_down */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        /** JSON array of near-duplicate hits found before review. */
        .addColumn('duplicate_hits', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .execute();
      await db.schema
        .createIndex('work_reviews_work')
        .on('work_reviews')
        .columns(['work_id', 'submitted_at'])
        .execute();
      await db.schema
        .createIndex('work_reviews_state')
        .on('work_reviews')
        .columns(['state', 'submitted_at'])
        .execute();

      await idColumn(db.schema.createTable('custom_classifications'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('custom_classifications_user_name')
        .on('custom_classifications')
        .columns(['user_id', 'name'])
        .unique()
        .execute();

      await db.schema
        .createTable('work_classifications')
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        .addColumn('classify_id', 'integer', (c) =>
          c.notNull().references('custom_classifications.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('work_classifications_pk', ['work_id', 'classify_id'])
        .execute();
      await db.schema
        .createIndex('work_classifications_classify')
        .on('work_classifications')
        .columns(['classify_id', 'work_id'])
        .execute();

      await idColumn(db.schema.createTable('pattern_groups'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('pattern_groups_user_name')
        .on('pattern_groups')
        .columns(['user_id', 'name'])
        .unique()
        .execute();
      await db.schema
        .createTable('pattern_group_items')
        .addColumn('upload_id', 'integer', (c) =>
          c.primaryKey().references('uploads.id').onDelete('cascade'),
        )
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('pattern_groups.id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('pattern_group_items_group')
        .on('pattern_group_items')
        .column('group_id')
        .execute();

      await idColumn(db.schema.createTable('sale_records'), dialect)
        .addColumn('designer_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id'))
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('buyer_user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('buyer_company', 'text', (c) => c.notNull().defaultTo(''))
        /** category_exclusive | material | commercial */
        .addColumn('licence_kind', 'text', (c) => c.notNull())
        .addColumn('licence_title', 'text', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('share_fen', 'integer', (c) => c.notNull())
        .addColumn('sold_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sale_records_designer')
        .on('sale_records')
        .columns(['designer_id', 'sold_at'])
        .execute();
      await db.schema
        .createIndex('sale_records_work')
        .on('sale_records')
        .columns(['work_id', 'licence_kind'])
        .execute();
    },
  };
}
