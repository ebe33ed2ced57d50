import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getIpCreationList } from '@shared/contract/ips';
import { callApi } from '../../../api/api-client';

export type IpWorksInput = CallRequest<typeof getIpCreationList>;

export const fetchIpWorks = (input: IpWorksInput) => callApi(getIpCreationList, input);

export const ipWorksQueryOptions = (input: IpWorksInput) =>
  queryOptions({
    queryKey: ['ips', 'works', input],
    queryFn: () => fetchIpWorks(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useIpWorks = (input: IpWorksInput) => useQuery(ipWorksQueryOptions(input));
