import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCustomClassify } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/GetCustomClassify: my classifications in their order. */
export const fetchCustomClassify = () => callApi(getCustomClassify, {});

export const customClassifyQueryOptions = () =>
  queryOptions({
    queryKey: ['publishing', 'classifications'],
    queryFn: fetchCustomClassify,
  });

export const useCustomClassify = () => useQuery(customClassifyQueryOptions());
