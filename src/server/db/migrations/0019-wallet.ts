import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// The designer's wallet (issue 12, docs/wallet.md): the personal bank card a settled designer
// withdraws to (one per user, held in the name of their verified real-name record), withdrawals
// (applied → approved → paid, or rejected with a reason), and each designer's withdrawn total per
// China day, which the daily limit is checked against by one conditional update.
export function walletMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('bank_cards'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id'))
        /** The personal verification the holder's name was checked against. */
        .addColumn('verification_id', 'integer', (c) =>
          c.notNull().references('identity_verifications.id'),
        )
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('bank_code', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        /** Digits only. */
        .addColumn('card_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('withdrawals'), dialect)
        .addColumn('withdrawal_no', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        /** applied | approved | paid | rejected */
        .addColumn('state', 'text', (c) => c.notNull())
        /** The form's key: a double click or a retry finds the first withdrawal. */
        .addColumn('idem_key', 'text', (c) => c.notNull())
        /** China calendar day of the application (the daily limit's day). */
        .addColumn('china_day', 'text', (c) => c.notNull())
        /** The card as it was when applying: the admin pays to this one. */
        .addColumn('holder_name', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('card_number', 'text', (c) => c.notNull())
        .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('pay_serial', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('handled_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('approved_at', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('rejected_at', 'text')
        .addUniqueConstraint('withdrawals_user_idem', ['user_id', 'idem_key'])
        .addCheckConstraint('withdrawals_amount_positive', sql`amount_fen > 0`)
        .execute();
      await db.schema
        .createIndex('withdrawals_user')
        .on('withdrawals')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('withdrawals_state')
        .on('withdrawals')
        .columns(['state', 'created_at'])
        .execute();

      await db.schema
        .createTable('withdrawal_days')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('china_day', 'text', (c) => c.notNull())
        .addColumn('total_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('withdrawal_days_pk', ['user_id', 'china_day'])
        .addCheckConstraint('withdrawal_days_non_negative', sql`total_fen >= 0`)
        .execute();
    },
  };
}
