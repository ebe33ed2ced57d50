import type { Kysely, Migration } from 'kysely';

// Safe defaults: an account made by `npm run admin:create` must change its one-time password at the
// first sign-in, the server knows who registered themselves, and every refresh token a renewal replaced is remembered, so a second use of one
// (a stolen copy) ends the whole session.
export function safeDefaultsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Who registered themselves (Account/Register), as opposed to seeded or admin-made accounts:
      // only they are asked for a role in the registration-interest form.
      await db.schema
        .alterTable('users')
        .addColumn('self_registered', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('spent_refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'integer', (c) =>
          c.notNull().references('sessions.id').onDelete('cascade'),
        )
        .addColumn('spent_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('spent_refresh_tokens_session')
        .on('spent_refresh_tokens')
        .column('session_id')
        .execute();
    },
  };
}
