import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// The company bank account of /user/certification/BAbind (issue 11): one per user, held in the name
// of a company the user verified, the number stored as digits only. Binding again replaces it.
export function bankAccountsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('bank_accounts'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
        /** The enterprise verification the account name was checked against. */
        .addColumn('verification_id', 'integer', (c) =>
          c.notNull().references('identity_verifications.id'),
        )
        .addColumn('account_name', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('branch_name', 'text', (c) => c.notNull())
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
