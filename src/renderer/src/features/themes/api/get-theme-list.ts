import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getThemeList } from '@shared/contract/themes';
import { callApi } from '../../../api/api-client';

export type ThemeListInput = CallRequest<typeof getThemeList>;

export const fetchThemeList = (input: ThemeListInput) => callApi(getThemeList, input);

export const themeListQueryOptions = (input: ThemeListInput) =>
  queryOptions({
    queryKey: ['themes', 'list', input],
    queryFn: () => fetchThemeList(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useThemeList = (input: ThemeListInput) => useQuery(themeListQueryOptions(input));
