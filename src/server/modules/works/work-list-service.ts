import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { WorkFilters, getCreationList, getHomeWallList } from '@shared/contract/works';
import type { AppDeps } from '../../deps';
import type { CatalogueCache } from './catalogue-cache';
import { applyWorkFilters, pageOfCards } from './catalogue-queries';
import { publishedCardsQuery } from './work-cards';

// The public lists of published works: /work with its filters, and the home page's wall.

/**
 * Counts published works by the /work filters without the database: the word index, which holds
 * every published work's filter attributes; null while it is not loaded.
 */
export type WorkCounter = { count: (filters: WorkFilters) => number | null };

/**
 * One page of published works by the /work filters and sort (cached briefly, per input). The total
 * comes from `counter` when it can answer (counting a million rows takes SQLite 100–300 ms, the index
 * a few), else from the database; the page itself always from the database.
 */
export function workList(
  deps: Pick<AppDeps, 'db'>,
  cache: Pick<CatalogueCache, 'lists'>,
  input: CallRequest<typeof getCreationList>,
  counter?: WorkCounter,
): Promise<CallResponse<typeof getCreationList>> {
  return cache.lists.getOrLoad(JSON.stringify(input), async () => {
    const query = await applyWorkFilters(deps.db, publishedCardsQuery(deps.db), input);
    const total = input.designerId === undefined ? (counter?.count(input) ?? null) : null;
    return pageOfCards(deps.db, query, input, input.sort, total);
  });
}

/** One page of the home page's wall: published works, most popular first. */
export function homeWall(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getHomeWallList>,
): Promise<CallResponse<typeof getHomeWallList>> {
  return pageOfCards(deps.db, publishedCardsQuery(deps.db), input, 'popular');
}
