import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEnterpriseHallDetail } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export const fetchHallDetail = (userId: number) => callApi(getEnterpriseHallDetail, { userId });

export const hallDetailQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['enterprise', 'detail', userId],
    queryFn: () => fetchHallDetail(userId),
    staleTime: 60_000,
    retry: false,
  });

export const useHallDetail = (userId: number) => useQuery(hallDetailQueryOptions(userId));
