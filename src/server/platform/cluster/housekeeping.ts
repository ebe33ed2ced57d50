import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pruneRateLimitHits } from './rate-limit-store';

/** Work changes are kept this long: a server that was away longer reloads its indexes at start. */
export const WORK_CHANGES_KEPT_MS = 24 * 3600_000;

/** Drops work changes every server has long read and rate-limit windows long over. */
export async function pruneClusterTables(db: Kysely<Database>, nowMs: number): Promise<void> {
  await db
    .deleteFrom('work_changes')
    .where('created_at', '<', new Date(nowMs - WORK_CHANGES_KEPT_MS).toISOString())
    .execute();
  await pruneRateLimitHits(db, nowMs);
}
