import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getHomeRecommendList } from '@shared/contract/home';
import { callApi } from '../../../api/api-client';

export const fetchHomeRecommendList = (pageIndex: number, pageSize: number) =>
  callApi(getHomeRecommendList, { pageIndex, pageSize });

/** Personalised for a signed-in user with favourite categories, so the key carries who asks. */
export const homeRecommendQueryOptions = (
  viewer: number | null,
  pageIndex: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: ['works', 'recommend', viewer, pageIndex, pageSize],
    queryFn: () => fetchHomeRecommendList(pageIndex, pageSize),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useHomeRecommendList = (viewer: number | null, pageIndex: number, pageSize: number) =>
  useQuery(homeRecommendQueryOptions(viewer, pageIndex, pageSize));
