import { queryOptions, useQuery } from '@tanstack/react-query';
import { getIpDetails } from '@shared/contract/ips';
import { callApi } from '../../../api/api-client';

export const fetchIpLicensing = (id: number) => callApi(getIpDetails, { id });

export const ipLicensingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['ips', 'licensing', id],
    queryFn: () => fetchIpLicensing(id),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useIpLicensing = (id: number) => useQuery(ipLicensingQueryOptions(id));
