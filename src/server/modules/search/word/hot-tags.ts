import type { Kysely } from 'kysely';
import type { HotTag } from '@shared/contract/word-search';
import type { Database } from '../../../db/schema';

/** How many of the most popular works the hot tags are counted over. */
export const HOT_SAMPLE_WORKS = 300;
/** A tag on more than this share of the sample (e.g. 四方连续) says nothing about what is hot. */
const TOO_COMMON_SHARE = 0.6;
/** Hot tags change slowly; they are recounted at most this often. */
export const HOT_TAGS_TTL_MS = 5 * 60_000;

function tagsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      : [];
  } catch {
    return [];
  }
}

/** Tags of the most favourited (then best-selling) published works, most used first. */
export async function countHotTags(db: Kysely<Database>): Promise<HotTag[]> {
  const rows = await db
    .selectFrom('works')
    .select('tags')
    .where('status', '=', 'published')
    .orderBy('favourite_count', 'desc')
    .orderBy('sale_count', 'desc')
    .orderBy('id', 'desc')
    .limit(HOT_SAMPLE_WORKS)
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const tag of new Set(tagsOf(row.tags).map((t) => t.trim()))) {
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  const ceiling = Math.max(2, rows.length * TOO_COMMON_SHARE);
  return [...counts]
    .filter(([, count]) => count <= ceiling)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'zh-CN'))
    .map(([tag, count]) => ({ tag, count }));
}

/** Counts once per period and shares the answer (and a count in progress) between requests. */
export function createHotTagsCache(
  db: Kysely<Database>,
  now: () => number,
  ttlMs = HOT_TAGS_TTL_MS,
): () => Promise<HotTag[]> {
  let value: HotTag[] | null = null;
  let countedAt = 0;
  let pending: Promise<HotTag[]> | null = null;
  return async () => {
    if (value && now() - countedAt < ttlMs) return value;
    pending ??= countHotTags(db)
      .then((tags) => {
        value = tags;
        countedAt = now();
        return tags;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
