import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Accounts: sessions with hashed tokens, SMS codes, sign-in throttling, and the user facts of §3/§4.
export function accountsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [column, type] of [
        ['user_keywords', 'text'],
        ['register_role', 'integer'],
        ['agreed_version', 'text'],
        ['trial_end_at', 'text'],
        ['last_login_at', 'text'],
      ] as const) {
        await db.schema.alterTable('users').addColumn(column, type).execute();
      }
      await db.schema
        .alterTable('users')
        .addColumn('trial_left_times', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await idColumn(db.schema.createTable('sessions'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('refresh_expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await idColumn(db.schema.createTable('sms_codes'), dialect)
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('consumed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sms_codes_phone')
        .on('sms_codes')
        .columns(['phone', 'created_at'])
        .execute();
      await db.schema
        .createIndex('sms_codes_ip')
        .on('sms_codes')
        .columns(['ip', 'created_at'])
        .execute();

      await db.schema
        .createTable('sign_in_failures')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('failed_count', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('user_events'), dialect)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('user_events_daily')
        .on('user_events')
        .columns(['user_id', 'kind', 'day'])
        .execute();
    },
  };
}
