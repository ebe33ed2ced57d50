import { queryOptions } from '@tanstack/react-query';
import { getSearchRecommend } from '@shared/contract/word-search';
import { callApi } from '../../../api/api-client';

/** How many suggestions the header shows while typing. */
export const SUGGESTION_LIMIT = 10;

export const fetchSearchRecommend = (keyword: string) =>
  callApi(getSearchRecommend, { keyword, limit: SUGGESTION_LIMIT });

export const searchRecommendQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['search', 'recommend', keyword],
    queryFn: () => fetchSearchRecommend(keyword),
    staleTime: 60_000,
  });
