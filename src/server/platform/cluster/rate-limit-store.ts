import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../../db/schema';

// @fastify/rate-limit's counters in the database, so a limit holds across app servers (a client
// that spreads its attempts over N servers behind the proxy still gets `max`, not N × max). One
// upsert per check: a window that has run out starts again at 1, as the library's own store does.
// Keys are the limiters' own (`sign-in:ip:…`, `service:user:…`): each names its limiter.

type Hit = { current: number; ttl: number };

export async function countHit(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<Hit> {
  const lapsed = sql<boolean>`rate_limit_hits.window_start_ms + rate_limit_hits.window_ms <= ${nowMs}`;
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, count: 1, window_start_ms: nowMs, window_ms: windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${lapsed} then 1 else rate_limit_hits.count + 1 end`,
        window_start_ms: sql<number>`case when ${lapsed} then ${nowMs} else rate_limit_hits.window_start_ms end`,
        window_ms: windowMs,
      }),
    )
    .returning(['count', 'window_start_ms'])
    .executeTakeFirstOrThrow();
  return {
    current: Number(row.count),
    ttl: Math.max(0, Number(row.window_start_ms) + windowMs - nowMs),
  };
}

/** The store class @fastify/rate-limit builds (`store:` option), its counters in `db`. */
export function databaseRateLimitStore(
  db: Kysely<Database>,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: Hit) => void,
      timeWindow: number,
    ): void {
      countHit(db, key, timeWindow, now()).then(
        (hit) => callback(null, hit),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** One key space for every limiter: their keys begin with the limiter's name. */
    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}

/** Counters whose window ended more than a day ago (windows here are a minute). */
export async function pruneRateLimitHits(db: Kysely<Database>, nowMs: number): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('window_start_ms', '<', nowMs - 86_400_000)
    .execute();
}
