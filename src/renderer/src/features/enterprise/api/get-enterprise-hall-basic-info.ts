import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEnterpriseHallBasicInfo } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export const fetchHallInfo = (userId: number) => callApi(getEnterpriseHallBasicInfo, { userId });

export const hallInfoQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['enterprise', 'info', userId],
    queryFn: () => fetchHallInfo(userId),
    staleTime: 60_000,
    retry: false,
  });

export const useHallInfo = (userId: number) => useQuery(hallInfoQueryOptions(userId));
