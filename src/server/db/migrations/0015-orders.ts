import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Licence orders, their payments and refunds, the double-entry ledger every fen moves through,
// category exclusivity held by a paid order, and the verification codes of the documents issued.
export function ordersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // ---- Ledger (docs/orders.md): balance = credits − debits; every transfer moves one amount
      // from one account to another, so all balances always sum to zero.
      await idColumn(db.schema.createTable('ledger_accounts'), dialect)
        /** e.g. user:12:balance, designer:5:pending, platform:revenue, clearing:wechat */
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        /** 1: the balance may never go below zero (a CHECK, and a conditional update). */
        .addColumn('non_negative', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('debits_posted', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('credits_posted', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('ledger_accounts_non_negative', sql`non_negative = 0 or balance >= 0`)
        .addCheckConstraint(
          'ledger_accounts_balance_is_sum',
          sql`balance = credits_posted - debits_posted`,
        )
        .execute();

      await db.schema
        .createTable('ledger_transfers')
        /** Chosen by the caller (pay:{payOrderNo}:share …): the same movement can be posted once. */
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('debit_account_id', 'integer', (c) =>
          c.notNull().references('ledger_accounts.id'),
        )
        .addColumn('credit_account_id', 'integer', (c) =>
          c.notNull().references('ledger_accounts.id'),
        )
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('ledger_transfers_positive', sql`amount_fen > 0`)
        .addCheckConstraint(
          'ledger_transfers_two_accounts',
          sql`debit_account_id <> credit_account_id`,
        )
        .execute();
      await db.schema
        .createIndex('ledger_transfers_order')
        .on('ledger_transfers')
        .columns(['order_no'])
        .execute();

      // ---- Orders
      await idColumn(db.schema.createTable('orders'), dialect)
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('work_id', 'integer', (c) => c.notNull().references('works.id'))
        .addColumn('designer_id', 'integer', (c) => c.notNull())
        .addColumn('licence_id', 'integer', (c) => c.notNull())
        /** category_exclusive | commercial | material */
        .addColumn('licence_kind', 'text', (c) => c.notNull())
        .addColumn('licence_title', 'text', (c) => c.notNull())
        /** purchase (/purchaseOrder) | material (/materialOrder) */
        .addColumn('order_type', 'text', (c) => c.notNull())
        /** JSON arrays: categories of use, usage keywords. */
        .addColumn('category_kids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('custom_key', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('term_years', 'integer', (c) => c.notNull())
        .addColumn('unit_price_fen', 'integer', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('share_fen', 'integer', (c) => c.notNull())
        /** pending | paid | authorised | cancelled | refunded */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('buyer_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remarks', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('pay_channel', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('licence_start', 'text')
        .addColumn('licence_end', 'text')
        .addColumn('contract_signed_at', 'text')
        .addColumn('contract_signer', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cancelled_at', 'text')
        .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('refunded_at', 'text')
        .addColumn('refund_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('settled_at', 'text')
        /** The order this one renews (a time-limited licence continued). */
        .addColumn('renewal_of', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('orders_buyer_idem', ['buyer_id', 'idem_key'])
        .addCheckConstraint('orders_amount_positive', sql`amount_fen > 0 and share_fen >= 0`)
        .execute();
      await db.schema
        .createIndex('orders_buyer')
        .on('orders')
        .columns(['buyer_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('orders_work')
        .on('orders')
        .columns(['work_id', 'state'])
        .execute();
      await db.schema
        .createIndex('orders_state_expiry')
        .on('orders')
        .columns(['state', 'expires_at'])
        .execute();

      await idColumn(db.schema.createTable('payments'), dialect)
        .addColumn('pay_order_no', 'text', (c) => c.notNull().unique())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('buyer_id', 'integer', (c) => c.notNull())
        /** sandbox | wechat | alipay | bank | balance */
        .addColumn('channel', 'text', (c) => c.notNull())
        /** §4 pay method the buyer chose: 1 WeChat, 2 Alipay, 3 bank transfer, 4 balance. */
        .addColumn('pay_method', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        /** pending | paid | closed | refunded */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('qr_content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('provider_trade_no', 'text')
        .addColumn('paid_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('payments_provider_trade', ['channel', 'provider_trade_no'])
        .execute();
      await db.schema
        .createIndex('payments_order')
        .on('payments')
        .columns(['order_no', 'state'])
        .execute();

      await db.schema
        .createTable('refunds')
        .addColumn('refund_no', 'text', (c) => c.primaryKey())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('pay_order_no', 'text', (c) => c.notNull().unique())
        .addColumn('buyer_id', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        /** pending (the provider is asked) | done | failed */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('provider_refund_no', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      // One paid order holds a work's exclusivity in one category until the licence ends.
      await db.schema
        .createTable('work_exclusives')
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('category_kid', 'integer', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('until', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('work_exclusives_pk', ['work_id', 'category_kid'])
        .execute();

      await db.schema
        .createTable('issued_documents')
        /** The verification code printed on the document. */
        .addColumn('code', 'text', (c) => c.primaryKey())
        /** contract | trade | copyright | receipt */
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('issued_documents_order_kind', ['order_no', 'kind'])
        .execute();
    },
  };
}
