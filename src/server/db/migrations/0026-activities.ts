import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Activities and invitation codes (issue 13, docs/activities.md): promotional activities with a
// time window and their participants (one row per user and activity, so a double click joins once);
// invitation codes an admin issues for designer signing, used once by a settle-in application,
// which then carries the code's id and goes to the top of the review queue.
export function activitiesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('activities'), dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        /** contest (设计大赛) | signup (报名活动) */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        /** Cover image URL (a site path or https). */
        .addColumn('cover_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('rules_md', 'text', (c) => c.notNull())
        /** The window as instants (ISO); the admin picks China calendar days. */
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('activity_participants'), dialect)
        .addColumn('activity_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('activity_participants_once', ['activity_id', 'user_id'])
        .execute();

      await idColumn(db.schema.createTable('invitation_codes'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        /** Whom the code is for (pre-fills the application's name), '' for anyone. */
        .addColumn('invitee_name', 'text', (c) => c.notNull().defaultTo(''))
        /** The only phone that may use it, '' for any account. */
        .addColumn('invitee_phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'text')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('used_by', 'integer')
        .addColumn('used_at', 'text')
        .addColumn('application_id', 'integer')
        .execute();

      await db.schema
        .alterTable('designer_applications')
        .addColumn('invitation_code_id', 'integer')
        .execute();
      // A code backs at most one application (several nulls are allowed on both databases).
      await db.schema
        .createIndex('designer_applications_invitation')
        .on('designer_applications')
        .column('invitation_code_id')
        .unique()
        .execute();
    },
  };
}
