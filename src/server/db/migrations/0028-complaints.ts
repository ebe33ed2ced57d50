import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../connection';
import { idColumn } from './helpers';

// Attachments (files a user uploads to go with a complaint, later an activity) and infringement
// complaints (Sys/AddComplainRecord, issue 13) with their event log: every step (filed, more
// information asked or given, taken down, counter-notice, restored, dismissed) is one event row,
// and the files of a step hang off its event. docs/complaints.md.
export function complaintsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('attachments'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('file_key', 'text', (c) => c.notNull())
        /** The name the file had on the user's machine, as they see it in lists. */
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attachments_user_sha')
        .unique()
        .on('attachments')
        .columns(['user_id', 'sha256'])
        .execute();

      await idColumn(db.schema.createTable('complaints'), dialect)
        /** The reference number the complainant quotes (TS + China time + digits). */
        .addColumn('ref_no', 'text', (c) => c.notNull().unique())
        /** The form's one-time key: a double click or a retry finds the complaint already made. */
        .addColumn('request_key', 'text', (c) => c.notNull())
        .addColumn('complainant_id', 'integer', (c) => c.notNull())
        .addColumn('work_id', 'integer', (c) => c.notNull())
        .addColumn('designer_id', 'integer', (c) => c.notNull())
        /** The work's title when the complaint was filed (a later rename does not rewrite history). */
        .addColumn('work_title', 'text', (c) => c.notNull())
        .addColumn('rights', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        /** A link to the complainant's own work (https or an in-site path), '' when none. */
        .addColumn('own_work_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('contact', 'text', (c) => c.notNull())
        /** pending | need_info | taken_down | countered | restored | dismissed */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('complaints_request', ['complainant_id', 'request_key'])
        .execute();
      await db.schema
        .createIndex('complaints_work')
        .on('complaints')
        .columns(['work_id', 'state'])
        .execute();
      await db.schema
        .createIndex('complaints_designer')
        .on('complaints')
        .columns(['designer_id', 'id'])
        .execute();
      await db.schema
        .createIndex('complaints_state')
        .on('complaints')
        .columns(['state', 'id'])
        .execute();

      await idColumn(db.schema.createTable('complaint_events'), dialect)
        .addColumn('complaint_id', 'integer', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        /** complainant | designer | admin */
        .addColumn('actor_role', 'text', (c) => c.notNull())
        /** filed | supplemented | info_requested | taken_down | countered | restored | upheld | dismissed */
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('complaint_events_complaint')
        .on('complaint_events')
        .columns(['complaint_id', 'id'])
        .execute();

      await idColumn(db.schema.createTable('complaint_files'), dialect)
        .addColumn('complaint_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull())
        .addColumn('attachment_id', 'integer', (c) => c.notNull())
        .addUniqueConstraint('complaint_files_event_attachment', ['event_id', 'attachment_id'])
        .execute();
      await db.schema
        .createIndex('complaint_files_complaint')
        .on('complaint_files')
        .column('complaint_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('complaint_files').execute();
      await db.schema.dropTable('complaint_events').execute();
      await db.schema.dropTable('complaints').execute();
      await db.schema.dropTable('attachments').execute();
    },
  };
}
