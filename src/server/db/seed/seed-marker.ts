import type { Kysely } from 'kysely';
import type { Database } from '../schema';

// Each seed runs once per database: it writes its own marker row in app_meta (in the same transaction
// as its rows where it has one), and a later start finds the marker and leaves the data alone.

/** Whether the seed that writes `key` has run on this database. */
export async function seedMarkerSet(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_meta')
    .select('key')
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that the seed `key` has run (its version as the value). */
export async function setSeedMarker(
  db: Kysely<Database>,
  key: string,
  value: string = '1',
): Promise<void> {
  await db.insertInto('app_meta').values({ key, value }).execute();
}
