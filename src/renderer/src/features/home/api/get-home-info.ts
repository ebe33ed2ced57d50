import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHomeInfo } from '@shared/contract/home';
import { callApi } from '../../../api/api-client';

export const homeInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'info'],
    queryFn: () => callApi(getHomeInfo, {}),
    staleTime: 60_000,
  });

export const useHomeInfo = () => useQuery(homeInfoQueryOptions());
