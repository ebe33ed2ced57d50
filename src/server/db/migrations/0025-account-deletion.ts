import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// The profile page (issue 13, docs/profile.md): the small avatar the server cuts beside the large
// one, when an account was anonymised, and account-deletion requests with their cooling-off period.
// One pending request per user (a partial unique index), so a double click asks once.
export function accountDeletionMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('small_head_img', 'text').execute();
      await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

      await idColumn(db.schema.createTable('account_deletions'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        /** pending (cooling-off) | cancelled | done (anonymised). */
        .addColumn('state', 'text', (c) => c.notNull())
        /** How the owner confirmed: password | sms. */
        .addColumn('confirmed_by', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('due_at', 'text', (c) => c.notNull())
        .addColumn('cancelled_at', 'text')
        .addColumn('completed_at', 'text')
        .addCheckConstraint(
          'account_deletions_state',
          sql`state in ('pending', 'cancelled', 'done')`,
        )
        .execute();
      await sql`create unique index account_deletions_pending on account_deletions (user_id) where state = 'pending'`.execute(
        db,
      );
      await db.schema
        .createIndex('account_deletions_due')
        .on('account_deletions')
        .columns(['state', 'due_at'])
        .execute();
    },
  };
}
