import { queryOptions, useQuery } from '@tanstack/react-query';
import { getIPDetail } from '@shared/contract/ips';
import { callApi } from '../../../api/api-client';

export const fetchIpDetail = (id: number) => callApi(getIPDetail, { id });

export const ipDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['ips', 'detail', id],
    queryFn: () => fetchIpDetail(id),
    staleTime: 60_000,
    retry: false,
  });

export const useIpDetail = (id: number) => useQuery(ipDetailQueryOptions(id));
