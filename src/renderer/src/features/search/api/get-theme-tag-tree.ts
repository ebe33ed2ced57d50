import { queryOptions, useQuery } from '@tanstack/react-query';
import { getThemeTagTree } from '@shared/contract/word-search';
import { callApi } from '../../../api/api-client';

export const fetchThemeTagTree = () => callApi(getThemeTagTree, {});

/** Hot keywords change slowly (the server recounts them every few minutes). */
export const themeTagTreeQueryOptions = () =>
  queryOptions({
    queryKey: ['search', 'tag-tree'],
    queryFn: fetchThemeTagTree,
    staleTime: 5 * 60_000,
  });

export const useThemeTagTree = () => useQuery(themeTagTreeQueryOptions());
