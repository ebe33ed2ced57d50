import type { Kysely, Migration } from 'kysely';

// The daily upload quota counts a user's uploads since the start of the day (modules/uploads).
export function uploadsByDayMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('uploads_user_created')
        .on('uploads')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}
