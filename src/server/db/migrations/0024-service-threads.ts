import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// 在线客服 (issue 13, docs/customer-service.md): one thread per conversation between a user and the
// platform's staff, its messages in order. A user has at most one open thread (a partial unique
// index), and a message sent twice with the same client key is stored once.
export function serviceThreadsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('service_threads'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        /** open | closed */
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        /** Time of the newest message. */
        .addColumn('last_message_at', 'text', (c) => c.notNull())
        /** Since when the user waits for an answer (their first unanswered message), else null. */
        .addColumn('waiting_since', 'text')
        .addColumn('closed_at', 'text')
        .addColumn('closed_by', 'integer')
        .addCheckConstraint('service_threads_state', sql`state in ('open', 'closed')`)
        .execute();
      await sql`create unique index service_threads_one_open on service_threads (user_id) where state = 'open'`.execute(
        db,
      );
      await db.schema
        .createIndex('service_threads_state_waiting')
        .on('service_threads')
        .columns(['state', 'waiting_since'])
        .execute();

      await idColumn(db.schema.createTable('service_messages'), dialect)
        .addColumn('thread_id', 'integer', (c) => c.notNull())
        .addColumn('sender_id', 'integer', (c) => c.notNull())
        /** 1 when staff wrote it (an admin in the back office), 0 when the thread's user did. */
        .addColumn('from_staff', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        /** JSON array of upload file keys (png/jpg, at most 2 MB each). */
        .addColumn('image_keys', 'text', (c) => c.notNull().defaultTo('[]'))
        /** The page the user wrote from: a work id or an order number, else null. */
        .addColumn('work_id', 'integer')
        .addColumn('order_no', 'text')
        /** The sender's key for this message: a retry or a double click repeats it. */
        .addColumn('client_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        /** When the other side read it (the user for staff messages, any admin for the user's). */
        .addColumn('read_at', 'text')
        .addUniqueConstraint('service_messages_client_key', ['sender_id', 'client_key'])
        .execute();
      await db.schema
        .createIndex('service_messages_thread')
        .on('service_messages')
        .columns(['thread_id', 'id'])
        .execute();
    },
  };
}
