import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDesktopReleases } from '@shared/contract/desktop-releases';
import { callApi } from './api-client';

// Desktop/GetReleases: the installers the marketplace publishes (docs/desktop-distribution.md),
// read by the download card of /plantEntrance and the folder-upload page.

export const desktopReleasesQueryOptions = () =>
  queryOptions({
    queryKey: ['desktop', 'releases'],
    queryFn: () => callApi(getDesktopReleases, {}),
    staleTime: 5 * 60_000,
  });

export const useDesktopReleases = () => useQuery(desktopReleasesQueryOptions());
