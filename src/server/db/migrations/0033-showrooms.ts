import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// 我的展厅 (docs/showrooms.md): a user's halls of published works, their collaborators, share links
// (only the token's hash is kept) and the log of locks and unlocks.
export function showroomsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('showrooms'), dialect)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('background', 'text', (c) => c.notNull().defaultTo('#f5f5f0'))
        /** private | link */
        .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private'))
        .addColumn('cover_work_id', 'integer')
        .addColumn('locked_by', 'integer', (c) => c.references('users.id'))
        .addColumn('locked_at', 'text')
        /** The create form's key: a double click or a retry finds the first hall. */
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('showrooms_owner_request', ['owner_id', 'request_id'])
        .execute();
      await db.schema
        .createIndex('showrooms_owner')
        .on('showrooms')
        .columns(['owner_id'])
        .execute();

      await db.schema
        .createTable('showroom_works')
        .addColumn('showroom_id', 'integer', (c) => c.notNull().references('showrooms.id'))
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('added_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('showroom_works_pk', ['showroom_id', 'work_id'])
        .execute();

      await db.schema
        .createTable('showroom_members')
        .addColumn('showroom_id', 'integer', (c) => c.notNull().references('showrooms.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        /** editor | viewer */
        .addColumn('role', 'text', (c) => c.notNull())
        /** pending | accepted */
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('invited_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('showroom_members_pk', ['showroom_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('showroom_members_user')
        .on('showroom_members')
        .columns(['user_id'])
        .execute();

      await idColumn(db.schema.createTable('showroom_shares'), dialect)
        .addColumn('showroom_id', 'integer', (c) => c.notNull().references('showrooms.id'))
        /** SHA-256 of the random token; the token itself is shown once and never stored. */
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        /** SHA-256 of the token hash and the 4-digit 访问码; null: no code. */
        .addColumn('code_hash', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('revoked_at', 'text')
        /** Wrong 访问码 attempts; five lock the link for a quarter of an hour. */
        .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('showroom_shares_showroom')
        .on('showroom_shares')
        .columns(['showroom_id'])
        .execute();

      await idColumn(db.schema.createTable('showroom_lock_events'), dialect)
        .addColumn('showroom_id', 'integer', (c) => c.notNull().references('showrooms.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        /** lock | unlock */
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('showroom_lock_events_showroom')
        .on('showroom_lock_events')
        .columns(['showroom_id', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'showroom_lock_events',
        'showroom_shares',
        'showroom_members',
        'showroom_works',
        'showrooms',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
