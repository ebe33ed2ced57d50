import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getTrendDetail } from '@shared/contract/themes';
import { callApi } from '../../../api/api-client';

export type TrendDetailInput = CallRequest<typeof getTrendDetail>;

export const fetchTrendDetail = (input: TrendDetailInput) => callApi(getTrendDetail, input);

export const trendDetailQueryOptions = (input: TrendDetailInput) =>
  queryOptions({
    queryKey: ['themes', 'trend', input],
    queryFn: () => fetchTrendDetail(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useTrendDetail = (input: TrendDetailInput) => useQuery(trendDetailQueryOptions(input));
