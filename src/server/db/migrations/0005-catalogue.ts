import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Catalogue: colour swatches of works (the colour filter), licence options with prices, the area of an
// enterprise hall, the kind of a trend list, users' favourite categories, and indexes the catalogue's lists need.
export function catalogueExtrasMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('work_colors')
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        /** A swatch key of shared/rules/colour-swatch (red, orange, …). */
        .addColumn('swatch', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('work_colors_pk', ['work_id', 'swatch'])
        .execute();
      await db.schema
        .createIndex('work_colors_swatch')
        .on('work_colors')
        .columns(['swatch', 'work_id'])
        .execute();

      await idColumn(db.schema.createTable('work_licences'), dialect)
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        /** category_exclusive | material | commercial */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('work_licences_work_kind')
        .on('work_licences')
        .columns(['work_id', 'kind'])
        .unique()
        .execute();

      await db.schema.alterTable('enterprise_halls').addColumn('area_id', 'integer').execute();
      // hot: a hot-seller list ranked by sales; reference: an editors' trend reference list.
      await db.schema
        .alterTable('trends')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('hot'))
        .execute();

      await db.schema
        .createTable('user_fond_classifications')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('kid', 'integer', (c) => c.notNull().references('categories.kid'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_fond_classifications_pk', ['user_id', 'kid'])
        .execute();

      await db.schema
        .createIndex('collections_user_group')
        .on('collections')
        .columns(['user_id', 'target_type', 'group_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('follows_target')
        .on('follows')
        .columns(['target_type', 'target_id'])
        .execute();
      await db.schema.createIndex('works_series').on('works').column('series_id').execute();
      await db.schema
        .createIndex('trend_works_rank')
        .on('trend_works')
        .columns(['trend_id', 'rank'])
        .execute();
    },
  };
}
