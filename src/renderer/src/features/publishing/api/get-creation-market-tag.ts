import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCreationMarketTag } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/GetCreationMarketTag: one-click market tags, grouped. */
export const fetchMarketTags = () => callApi(getCreationMarketTag, {});

export const marketTagsQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'market-tags'],
    queryFn: fetchMarketTags,
    staleTime: Infinity,
  });

export const useMarketTags = () => useQuery(marketTagsQueryOptions());
