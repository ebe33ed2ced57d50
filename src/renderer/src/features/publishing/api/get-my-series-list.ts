import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMySeriesList } from '@shared/contract/series';
import { callApi } from '../../../api/api-client';

/** Series/GetMySeriesList: my series with their work counts. */
export const fetchMySeriesList = () => callApi(getMySeriesList, {});

export const mySeriesListQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'series'],
    queryFn: fetchMySeriesList,
  });

export const useMySeriesList = () => useQuery(mySeriesListQueryOptions());
