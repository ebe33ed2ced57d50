import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { getCreationList, getHomeWallList } from '@shared/contract/works';
import type { AppDeps } from '../../deps';
import type { CatalogueCache } from './catalogue-cache';
import { applyWorkFilters, pageOfCards } from './catalogue-queries';
import { publishedCardsQuery } from './work-cards';

// The public lists of published works: /work with its filters, and the home page's wall.

/** One page of published works by the /work filters and sort (cached briefly, per input). */
export function workList(
  deps: Pick<AppDeps, 'db'>,
  cache: Pick<CatalogueCache, 'lists'>,
  input: CallRequest<typeof getCreationList>,
): Promise<CallResponse<typeof getCreationList>> {
  return cache.lists.getOrLoad(JSON.stringify(input), async () => {
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
