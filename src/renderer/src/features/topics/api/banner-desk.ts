import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getBannerList, saveBanner, setBannerEnabled, sortBanners } from '@shared/contract/topics';
import { callApi } from '../../../api/api-client';

/** Admin/GetBannerList: all banners of a zone, live or not, in order. */
export const bannerListQueryOptions = (zoneName: string) =>
  queryOptions({
    queryKey: ['admin', 'banners', zoneName],
    queryFn: () => callApi(getBannerList, { zoneName }),
    retry: false,
  });

export const useBannerList = (zoneName: string) => useQuery(bannerListQueryOptions(zoneName));

function useBannersChanged() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'banners'] });
  };
}

/** Admin/SaveBanner: add (no bannerId) or edit. */
export function useSaveBanner() {
  const changed = useBannersChanged();
  return useMutation({
    mutationFn: (input: CallRequest<typeof saveBanner>) => callApi(saveBanner, input),
    onSuccess: changed,
  });
}

/** Admin/SetBannerEnabled. */
export function useSetBannerEnabled() {
  const changed = useBannersChanged();
  return useMutation({
    mutationFn: (input: CallRequest<typeof setBannerEnabled>) => callApi(setBannerEnabled, input),
    onSuccess: changed,
  });
}

/** Admin/SortBanners: the zone's whole order at once, so a repeated click sets the same order. */
export function useSortBanners() {
  const changed = useBannersChanged();
  return useMutation({
    mutationFn: (input: CallRequest<typeof sortBanners>) => callApi(sortBanners, input),
    onSuccess: changed,
  });
}
