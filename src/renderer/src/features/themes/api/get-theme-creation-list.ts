import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getThemeCreationList } from '@shared/contract/themes';
import { callApi } from '../../../api/api-client';

export type ThemeWorksInput = CallRequest<typeof getThemeCreationList>;

export const fetchThemeCreationList = (input: ThemeWorksInput) =>
  callApi(getThemeCreationList, input);

export const themeCreationListQueryOptions = (input: ThemeWorksInput) =>
  queryOptions({
    queryKey: ['themes', 'works', input],
    queryFn: () => fetchThemeCreationList(input),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useThemeCreationList = (input: ThemeWorksInput, enabled = true) =>
  useQuery({ ...themeCreationListQueryOptions(input), enabled });
