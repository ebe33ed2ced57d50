import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSeriesList } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const fetchSeriesList = (designerId: number) => callApi(getSeriesList, { designerId });

export const seriesListQueryOptions = (designerId: number) =>
  queryOptions({
    queryKey: ['works', 'series', designerId],
    queryFn: () => fetchSeriesList(designerId),
    staleTime: 60_000,
  });

export const useSeriesList = (designerId: number) => useQuery(seriesListQueryOptions(designerId));
