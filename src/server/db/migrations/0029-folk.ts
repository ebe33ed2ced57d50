import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// The south-west folk-culture base (issue 14, docs/folk.md): its own works, tags, word terms and
// likes, apart from the general catalogue; who may enter it and who asked; licensing intentions and
// their follow-up history. Uniques make likes, requests and intentions exact under retries and races.
export function folkMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One row per user ever entitled; revoked_at set when an admin takes the entitlement back.
      await db.schema
        .createTable('folk_entitlements')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('granted_by', 'integer')
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await idColumn(db.schema.createTable('folk_access_requests'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        /** pending, granted, refused. */
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('answered_at', 'text')
        .addColumn('answered_by', 'integer')
        .execute();
      // At most one open request per user: a double click files one.
      await sql`create unique index folk_access_requests_one_pending on folk_access_requests (user_id) where status = 'pending'`.execute(
        db,
      );

      await idColumn(db.schema.createTable('folk_tags'), dialect)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await idColumn(db.schema.createTable('folk_works'), dialect)
        .addColumn('designer_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        /** 苗族, 侗族, 彝族, 布依族… */
        .addColumn('people', 'text', (c) => c.notNull())
        /** 苗绣, 侗锦, 彝族漆器纹, 布依族蜡染… */
        .addColumn('craft', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('motif_meaning', 'text', (c) => c.notNull())
        .addColumn('inheritor', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('original_key', 'text', (c) => c.notNull())
        .addColumn('zoom_key', 'text', (c) => c.notNull())
        .addColumn('thumb_key', 'text', (c) => c.notNull())
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('folk_works_like_count', sql`like_count >= 0`)
        .execute();
      await db.schema
        .createIndex('folk_works_published')
        .on('folk_works')
        .columns(['published_at'])
        .execute();

      await db.schema
        .createTable('folk_work_tags')
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('tag_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('folk_work_tags_pk', ['work_id', 'tag_id'])
        .execute();
      await db.schema
        .createIndex('folk_work_tags_tag')
        .on('folk_work_tags')
        .columns(['tag_id'])
        .execute();

      // Words of a work's text cut by the word-search segmenter; a query word matches a prefix.
      await db.schema
        .createTable('folk_work_terms')
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('term', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('folk_work_terms_pk', ['term', 'work_id'])
        .execute();

      // The image-search descriptor of each folk work (serialised), read into the folk image index.
      await db.schema
        .createTable('folk_work_descriptors')
        .addColumn('work_id', 'integer', (c) => c.primaryKey())
        .addColumn('descriptor', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('folk_likes')
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('folk_likes_pk', ['work_id', 'user_id'])
        .execute();

      await idColumn(db.schema.createTable('folk_intentions'), dialect)
        /** The reference number shown to the submitter (YX + China-time stamp + digits). */
        .addColumn('ref_no', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        /** The form's one-time key: a double click or retry files one intention. */
        .addColumn('request_key', 'text', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('industry', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('products', 'text', (c) => c.notNull())
        /** JSON array of folk work ids. */
        .addColumn('work_ids', 'text', (c) => c.notNull())
        .addColumn('quantity', 'text', (c) => c.notNull())
        .addColumn('territory', 'text', (c) => c.notNull())
        /** received, contacted, contracted, declined. */
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('received'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('folk_intentions_request', ['user_id', 'request_key'])
        .execute();

      await idColumn(db.schema.createTable('folk_intention_follow_ups'), dialect)
        .addColumn('intention_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('admin_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('folk_intention_follow_ups_intention')
        .on('folk_intention_follow_ups')
        .columns(['intention_id'])
        .execute();
    },
  };
}
