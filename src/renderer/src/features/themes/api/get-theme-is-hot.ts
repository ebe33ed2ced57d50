import { queryOptions, useQuery } from '@tanstack/react-query';
import { getThemeIsHot } from '@shared/contract/themes';
import { callApi } from '../../../api/api-client';

export const fetchHotThemes = () => callApi(getThemeIsHot, {});

export const hotThemesQueryOptions = () =>
  queryOptions({ queryKey: ['themes', 'hot'], queryFn: fetchHotThemes, staleTime: 5 * 60_000 });

export const useHotThemes = () => useQuery(hotThemesQueryOptions());
