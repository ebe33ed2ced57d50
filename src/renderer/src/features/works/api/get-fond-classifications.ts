import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFondClassifications } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const fetchFondClassifications = () => callApi(getFondClassifications, {});

export const fondClassificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['works', 'fond'],
    queryFn: fetchFondClassifications,
    staleTime: 5 * 60_000,
  });

export const useFondClassifications = (enabled: boolean) =>
  useQuery({ ...fondClassificationsQueryOptions(), enabled });
