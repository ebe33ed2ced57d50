import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRecommendThemeList } from '@shared/contract/themes';
import { callApi } from '../../../api/api-client';

export const fetchRecommendThemes = (excludeId?: number, size = 4) =>
  callApi(getRecommendThemeList, excludeId === undefined ? { size } : { size, excludeId });

export const recommendThemesQueryOptions = (excludeId?: number, size = 4) =>
  queryOptions({
    queryKey: ['themes', 'recommend', excludeId ?? 0, size],
    queryFn: () => fetchRecommendThemes(excludeId, size),
    staleTime: 5 * 60_000,
  });

export const useRecommendThemes = (excludeId?: number, size = 4) =>
  useQuery(recommendThemesQueryOptions(excludeId, size));
