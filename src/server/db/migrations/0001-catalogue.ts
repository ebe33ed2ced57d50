import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// First schema: accounts as the catalogue needs them, categories, works and their images, themes, banners.
export function catalogueMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('users'), dialect)
        .addColumn('cai_hong_id', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('head_img', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('member_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('vip_end_time', 'text')
        .addColumn('designer_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('settle_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('settled_in_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('org_flag', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('categories')
        .addColumn('kid', 'integer', (c) => c.primaryKey())
        .addColumn('parent_kid', 'integer', (c) => c.references('categories.kid'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('keys3', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('keys4', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await idColumn(db.schema.createTable('works'), dialect)
        .addColumn('designer_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category_kid', 'integer', (c) => c.notNull().references('categories.kid'))
        .addColumn('style', 'text', (c) => c.notNull())
        .addColumn('header_type', 'integer', (c) => c.notNull())
        .addColumn('is_seamless', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('colors', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('price_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('favourite_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sale_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text')
        .execute();
      await db.schema
        .createIndex('works_status_published')
        .on('works')
        .columns(['status', 'published_at'])
        .execute();
      await db.schema.createIndex('works_designer').on('works').column('designer_id').execute();
      await db.schema
        .createIndex('works_category')
        .on('works')
        .columns(['category_kid', 'status'])
        .execute();

      await db.schema
        .createTable('work_images')
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('work_images_pk', ['work_id', 'kind', 'width', 'format'])
        .execute();

      await idColumn(db.schema.createTable('themes'), dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover_work_id', 'integer', (c) => c.references('works.id'))
        .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('theme_works')
        .addColumn('theme_id', 'integer', (c) =>
          c.notNull().references('themes.id').onDelete('cascade'),
        )
        .addColumn('work_id', 'integer', (c) =>
          c.notNull().references('works.id').onDelete('cascade'),
        )
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('theme_works_pk', ['theme_id', 'work_id'])
        .execute();

      await idColumn(db.schema.createTable('banners'), dialect)
        .addColumn('zone_name', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('banner_url', 'text', (c) => c.notNull())
        .addColumn('link_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('link_target', 'text', (c) => c.notNull().defaultTo('_self'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
