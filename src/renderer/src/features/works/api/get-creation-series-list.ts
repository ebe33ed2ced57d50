import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getCreationSeriesList } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export type SeriesWorksInput = CallRequest<typeof getCreationSeriesList>;

export const fetchCreationSeriesList = (input: SeriesWorksInput) =>
  callApi(getCreationSeriesList, input);

export const creationSeriesListQueryOptions = (input: SeriesWorksInput) =>
  queryOptions({
    queryKey: ['works', 'series-works', input],
    queryFn: () => fetchCreationSeriesList(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useCreationSeriesList = (input: SeriesWorksInput, enabled = true) =>
  useQuery({ ...creationSeriesListQueryOptions(input), enabled });
