import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getMyCollectTheme } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const fetchMyCollectThemes = (pageIndex: number, pageSize: number) =>
  callApi(getMyCollectTheme, { pageIndex, pageSize });

export const myCollectThemesQueryOptions = (pageIndex: number, pageSize: number) =>
  queryOptions({
    queryKey: ['collections', 'themes', pageIndex, pageSize],
    queryFn: () => fetchMyCollectThemes(pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });

export const useMyCollectThemes = (pageIndex: number, pageSize: number) =>
  useQuery(myCollectThemesQueryOptions(pageIndex, pageSize));
