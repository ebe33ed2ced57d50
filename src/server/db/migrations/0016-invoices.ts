import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Requests for 增值税普通发票 on paid orders (issue 11): applied → issued (with the invoice's
// number) or rejected (with a reason). One live (applied or issued) request per order, held by a
// partial unique index so two submits at once cannot both pass.
export function invoicesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('invoice_requests'), dialect)
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
        /** personal | company */
        .addColumn('buyer_type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('tax_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        /** applied | issued | rejected */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('invoice_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('handled_by', 'integer')
        .addColumn('handled_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invoice_requests_live_order')
        .on('invoice_requests')
        .column('order_no')
        .unique()
        .where(sql<boolean>`state <> 'rejected'`)
        .execute();
      await db.schema
        .createIndex('invoice_requests_buyer')
        .on('invoice_requests')
        .columns(['buyer_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('invoice_requests_state')
        .on('invoice_requests')
        .columns(['state', 'created_at'])
        .execute();
    },
  };
}
