import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getHomeWallList } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const HOME_WALL_PAGE_SIZE = 20;

export const fetchHomeWallPage = (pageIndex: number) =>
  callApi(getHomeWallList, { pageIndex, pageSize: HOME_WALL_PAGE_SIZE });

export const homeWallQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['works', 'home-wall'],
    queryFn: ({ pageParam }) => fetchHomeWallPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * HOME_WALL_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    staleTime: 60_000,
  });

export const useHomeWall = () => useInfiniteQuery(homeWallQueryOptions());
