import type { CallRequest, CallResponse } from '@shared/contract/define';
import type {
  WorkFilters,
  WorkSort,
  getCreationList,
  getHomeWallList,
} from '@shared/contract/works';
import type { AppDeps } from '../../deps';
import type { CatalogueCache } from './catalogue-cache';
import {
  applyWorkFilters,
  cardsByIds,
  categoryWithChildren,
  pageOfCards,
  pageWindow,
} from './catalogue-queries';
import { publishedCardsQuery } from './work-cards';

// The public lists of published works: /work with its filters, and the home page's wall.

/**
 * Pages published works by the /work filters and sort without the database: the word index, which
 * holds every published work's filter and sort attributes (WordIndex.listPage); null while it is not
 * loaded.
 */
export type WorkListIndex = {
  listPage: (
    filters: Omit<WorkFilters, 'sort'>,
    sort: WorkSort,
    offset: number,
    limit: number,
  ) => { ids: number[]; total: number } | null;
};

/**
 * One page of published works by the /work filters and sort (cached briefly, per input). Once the
 * index is loaded it chooses the page's works and counts them (the database took seconds at a
 * million works whenever no index served the filter in the sort's order); the cards are read from
 * the database by id. One designer's works, and every request before the index is loaded, are
 * paged by the database query, which answers the same (word-list-index.test.ts compares them).
 */
export function workList(
  deps: Pick<AppDeps, 'db'>,
  cache: Pick<CatalogueCache, 'lists'>,
  input: CallRequest<typeof getCreationList>,
  index?: WorkListIndex,
): Promise<CallResponse<typeof getCreationList>> {
  return cache.lists.getOrLoad(JSON.stringify(input), async () => {
    if (index && input.designerId === undefined) {
      // An unknown category is refused the same way as by the database query.
      if (input.kid !== undefined) await categoryWithChildren(deps.db, input.kid);
      const { limit, offset } = pageWindow(input);
      const found = index.listPage(input, input.sort ?? 'newest', offset, limit);
      if (found) return { list: await cardsByIds(deps.db, found.ids), total: found.total };
    }
    const query = await applyWorkFilters(deps.db, publishedCardsQuery(deps.db), input);
    return pageOfCards(deps.db, query, input, input.sort);
  });
}

/** One page of the home page's wall: published works, most popular first. */
export function homeWall(
  deps: Pick<AppDeps, 'db'>,
  input: CallRequest<typeof getHomeWallList>,
): Promise<CallResponse<typeof getHomeWallList>> {
  return pageOfCards(deps.db, publishedCardsQuery(deps.db), input, 'popular');
}
