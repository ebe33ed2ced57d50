import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Banner } from '@shared/contract/home';
import { HOME_TOP_ZONE, advertise } from '@shared/contract/home';
import { callApi } from '../../../api/api-client';

const CACHE_KEY = 'wenyang.homeBanner';

type CachedBanners = { day: string; banners: Banner[] };

/** §4 The home banner is cached per calendar day: one request a day per browser. */
export async function fetchHomeBanners(
  today: string = dayjs().format('YYYY-MM-DD'),
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  load: () => Promise<Banner[]> = () => callApi(advertise, { zoneName: HOME_TOP_ZONE }),
): Promise<Banner[]> {
  try {
    const cached = JSON.parse(storage.getItem(CACHE_KEY) ?? 'null') as CachedBanners | null;
    if (cached && cached.day === today && Array.isArray(cached.banners)) return cached.banners;
  } catch {
    // A corrupt cache entry is simply refetched.
  }
  const banners = await load();
  try {
    storage.setItem(CACHE_KEY, JSON.stringify({ day: today, banners } satisfies CachedBanners));
  } catch {
    // Storage full or unavailable: the banner still shows, it is just fetched again next time.
  }
  return banners;
}

export const homeBannersQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'banners', dayjs().format('YYYY-MM-DD')],
    queryFn: () => fetchHomeBanners(),
    staleTime: Infinity,
  });

export const useHomeBanners = () => useQuery(homeBannersQueryOptions());
