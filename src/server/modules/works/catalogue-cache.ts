import type { WorkCard } from '@shared/contract/common';
import type { DesignerProfile } from '@shared/contract/designers';
import type { WorkDetail } from '@shared/contract/works';
import type { AppDeps, WorkIndexes } from '../../deps';
import { createTtlCache } from '../../platform/cache/ttl-cache';
import type { TtlCache } from '../../platform/cache/ttl-cache';
import type { ViewCounter } from './view-counter';

/** How long a public list page is kept (it is also dropped whenever a work changes). */
const LIST_CACHE_MS = 10_000;
/** How long a work's public detail is kept; its counters are read fresh on every view. */
const DETAIL_CACHE_MS = 60_000;
/** A detail's favourite and sale counts are re-read at most this often. */
const COUNTS_CACHE_MS = 2_000;
/**
 * A designer's public profile on their works' details (counting a designer's published works and
 * sales reads every one of them: 20–30 ms for 100,000 works), shared by all of them for this long.
 */
const DESIGNER_CACHE_MS = 10_000;
/** The best sellers of a style (a detail's similar works), shared by the style's works this long. */
const STYLE_CACHE_MS = 10_000;

export type WorkCounts = { views: number; viewsMark: number; favourites: number; sales: number };

/** The public catalogue's caches, and the view counter a work's detail counts views with. */
export type CatalogueCache = {
  lists: TtlCache<{ list: WorkCard[]; total: number }>;
  details: TtlCache<WorkDetail>;
  /** Designers' public profiles (no viewer state) as work details show them. */
  designers: TtlCache<DesignerProfile>;
  /** By style, its best-selling published works' cards (work-detail-service.ts bestOfStyle). */
  bestOfStyle: TtlCache<WorkCard[]>;
  /** A work's counters, at most COUNTS_CACHE_MS old; views still in memory included. */
  countsOf: (id: number) => Promise<WorkCounts>;
  views: ViewCounter;
  /** Stops following work changes (the app's onClose). */
  stop: () => void;
};

/**
 * Lists and details are read far more often than works change: they are kept briefly and dropped as
 * soon as a work is published, edited or withdrawn (indexWorkTerms reports it, work-changes.ts).
 */
export function createCatalogueCache(
  deps: Pick<AppDeps, 'db' | 'now'>,
  services: Pick<WorkIndexes, 'worksChanged'> & { viewCounter: ViewCounter },
): CatalogueCache {
  const lists = createTtlCache<{ list: WorkCard[]; total: number }>({
    ttlMs: LIST_CACHE_MS,
    maxEntries: 500,
    now: deps.now,
  });
  const details = createTtlCache<WorkDetail>({
    ttlMs: DETAIL_CACHE_MS,
    maxEntries: 5_000,
    now: deps.now,
  });
  const designers = createTtlCache<DesignerProfile>({
    ttlMs: DESIGNER_CACHE_MS,
    maxEntries: 5_000,
    now: deps.now,
  });
  const bestOfStyle = createTtlCache<WorkCard[]>({
    ttlMs: STYLE_CACHE_MS,
    maxEntries: 100,
    now: deps.now,
  });
  const stop = services.worksChanged.on(() => {
    lists.clear();
    details.clear();
    designers.clear();
    bestOfStyle.clear();
  });
  const views = services.viewCounter;
  const counts = createTtlCache<WorkCounts>({
    ttlMs: COUNTS_CACHE_MS,
    maxEntries: 5_000,
    now: deps.now,
  });
  const countsOf = (id: number) =>
    counts.getOrLoad(String(id), async () => {
      const row = await deps.db
        .selectFrom('works')
        .select(['view_count', 'favourite_count', 'sale_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      // Views still in memory count too; later ones are added from the mark.
      return {
        views: row.view_count + views.pending(id),
        viewsMark: views.recorded(id),
        favourites: row.favourite_count,
        sales: row.sale_count,
      };
    });
  return {
    lists,
    details,
    designers,
    bestOfStyle,
    countsOf,
    views,
    stop: () => {
      stop();
    },
  };
}
