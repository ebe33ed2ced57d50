import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBasicInfo } from '@shared/contract/help';
import { callApi } from './api-client';

// Support/GetBasicInfo: the contact block and outside links from the server's configuration,
// read by the footer, the user side menu and /about (docs/help.md).

export const basicInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'basic-info'],
    queryFn: () => callApi(getBasicInfo, {}),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useBasicInfo = () => useQuery(basicInfoQueryOptions());

/** An address a phone can open: our own paths become absolute on this site. */
export function absoluteUrl(target: string): string {
  return target.startsWith('/') ? `${window.location.origin}${target}` : target;
}
