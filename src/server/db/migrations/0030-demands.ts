import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Custom-pattern demands (docs/demands.md): a customer (a member, one 定制需求发布 unit) publishes a
// demand with a reward per adopted manuscript, held in the demand's escrow account from the moment
// it is published; designers sign up and submit manuscripts; the customer adopts (the reward moves
// from escrow to the designer and the platform) or refuses them; closing returns what is left.
export function demandsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('demands'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('kid', 'integer', (c) => c.notNull())
        /** 1 原创设计, 2 改稿修图, 3 配色延展 */
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        /** Up to three reference images: the customer's uploads' storage keys, JSON array. */
        .addColumn('reference_keys', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('reward_fen', 'integer', (c) => c.notNull())
        /** How many manuscripts the customer will adopt at most. */
        .addColumn('quota', 'integer', (c) => c.notNull())
        .addColumn('adopted_count', 'integer', (c) => c.notNull().defaultTo(0))
        /** open | closed | completed (ended is open past its deadline, computed). */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('deadline', 'text', (c) => c.notNull())
        /** The publish form's key: a double click or a retry finds the first demand. */
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .addUniqueConstraint('demands_user_request', ['user_id', 'request_id'])
        .addCheckConstraint('demands_reward_positive', sql`reward_fen > 0`)
        .addCheckConstraint('demands_adopted_within_quota', sql`adopted_count <= quota`)
        .execute();
      await db.schema
        .createIndex('demands_state_created')
        .on('demands')
        .columns(['state', 'created_at'])
        .execute();
      await db.schema.createIndex('demands_user').on('demands').columns(['user_id']).execute();

      await db.schema
        .createTable('demand_signups')
        .addColumn('demand_id', 'integer', (c) => c.notNull().references('demands.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('demand_signups_pk', ['demand_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('demand_signups_user')
        .on('demand_signups')
        .columns(['user_id', 'created_at'])
        .execute();

      await idColumn(db.schema.createTable('demand_manuscripts'), dialect)
        .addColumn('demand_id', 'integer', (c) => c.notNull().references('demands.id'))
        .addColumn('designer_id', 'integer', (c) => c.notNull().references('users.id'))
        /** The designer's upload (private original) and a private preview made from it. */
        .addColumn('file_key', 'text', (c) => c.notNull())
        .addColumn('preview_key', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        /** submitted | adopted | refused */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('refuse_reason', 'text', (c) => c.notNull().defaultTo(''))
        /** The designer's share and the platform's fee of an adopted manuscript, in fen. */
        .addColumn('share_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fee_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('decided_at', 'text')
        .addUniqueConstraint('demand_manuscripts_file', ['demand_id', 'file_key'])
        .execute();
      await db.schema
        .createIndex('demand_manuscripts_demand')
        .on('demand_manuscripts')
        .columns(['demand_id', 'state'])
        .execute();
      await db.schema
        .createIndex('demand_manuscripts_designer')
        .on('demand_manuscripts')
        .columns(['designer_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('demand_manuscripts').execute();
      await db.schema.dropTable('demand_signups').execute();
      await db.schema.dropTable('demands').execute();
    },
  };
}
