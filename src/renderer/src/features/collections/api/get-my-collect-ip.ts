import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getMyCollectIP } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const fetchMyCollectIps = (pageIndex: number, pageSize: number) =>
  callApi(getMyCollectIP, { pageIndex, pageSize });

export const myCollectIpsQueryOptions = (pageIndex: number, pageSize: number) =>
  queryOptions({
    queryKey: ['collections', 'ips', pageIndex, pageSize],
    queryFn: () => fetchMyCollectIps(pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });

export const useMyCollectIps = (pageIndex: number, pageSize: number) =>
  useQuery(myCollectIpsQueryOptions(pageIndex, pageSize));
