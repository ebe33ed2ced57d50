import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Discovery: series, trends, IPs, enterprise halls, collections with groups, follows, browse history, word index.
export function discoveryMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('series'), dialect)
        .addColumn('designer_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('works').addColumn('series_id', 'integer').execute();

      await idColumn(db.schema.createTable('trends'), dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
        /** week | month | season */
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('starts_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('trend_works')
        .addColumn('trend_id', 'integer', (c) =>
          c.notNull().references('trends.id').onDelete('cascade'),
        )
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('trend_works_pk', ['trend_id', 'work_id'])
        .execute();

      await idColumn(db.schema.createTable('ips'), dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('cover_work_id', 'integer', (c) => c.references('works.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ip_works')
        .addColumn('ip_id', 'integer', (c) => c.notNull().references('ips.id').onDelete('cascade'))
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ip_works_pk', ['ip_id', 'work_id'])
        .execute();

      await idColumn(db.schema.createTable('enterprise_halls'), dialect)
        .addColumn('owner_id', 'integer', (c) => c.notNull().unique().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('banner_key', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
        /** JSON array of {title, number} qualification entries. */
        .addColumn('qualifications', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await idColumn(db.schema.createTable('hall_channels'), dialect)
        .addColumn('hall_id', 'integer', (c) =>
          c.notNull().references('enterprise_halls.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('hall_works')
        .addColumn('hall_id', 'integer', (c) =>
          c.notNull().references('enterprise_halls.id').onDelete('cascade'),
        )
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        .addColumn('channel_id', 'integer', (c) =>
          c.references('hall_channels.id').onDelete('set null'),
        )
        .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('hall_works_pk', ['hall_id', 'work_id'])
        .execute();

      await idColumn(db.schema.createTable('collection_groups'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('collection_groups_user_name')
        .on('collection_groups')
        .columns(['user_id', 'name'])
        .unique()
        .execute();
      await idColumn(db.schema.createTable('collections'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        /** work | theme | demand | ip | template */
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('group_id', 'integer', (c) =>
          c.references('collection_groups.id').onDelete('set null'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('collections_unique')
        .on('collections')
        .columns(['user_id', 'target_type', 'target_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('follows')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        /** designer | hall */
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('follows_pk', ['user_id', 'target_type', 'target_id'])
        .execute();

      await db.schema
        .createTable('browse_history')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        /** work | theme */
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('viewed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('browse_history_pk', ['user_id', 'target_type', 'target_id'])
        .execute();
      await db.schema
        .createIndex('browse_history_recent')
        .on('browse_history')
        .columns(['user_id', 'target_type', 'viewed_at'])
        .execute();

      // Word index: one row per (term, work); rebuilt for a work whenever it is published or edited.
      await db.schema
        .createTable('work_terms')
        .addColumn('term', 'text', (c) => c.notNull())
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        /** Weight of where the term occurs: title 3, tag/designer 2, category/description 1. */
        .addColumn('weight', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('work_terms_pk', ['term', 'work_id'])
        .execute();
      await db.schema.createIndex('work_terms_work').on('work_terms').column('work_id').execute();
    },
  };
}
