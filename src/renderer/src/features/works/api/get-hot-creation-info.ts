import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHotCreationInfo } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const fetchHotCreationInfo = (id: number) => callApi(getHotCreationInfo, { id });

export const hotCreationInfoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['works', 'hot-info', id],
    queryFn: () => fetchHotCreationInfo(id),
    staleTime: 60_000,
    retry: false,
  });

export const useHotCreationInfo = (id: number) => useQuery(hotCreationInfoQueryOptions(id));
