import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getIPList } from '@shared/contract/ips';
import { callApi } from '../../../api/api-client';

export type IpListInput = CallRequest<typeof getIPList>;

export const fetchIpList = (input: IpListInput) => callApi(getIPList, input);

export const ipListQueryOptions = (input: IpListInput) =>
  queryOptions({
    queryKey: ['ips', 'list', input],
    queryFn: () => fetchIpList(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useIpList = (input: IpListInput) => useQuery(ipListQueryOptions(input));
