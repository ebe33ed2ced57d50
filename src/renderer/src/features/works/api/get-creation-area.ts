import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCreationArea } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const fetchCreationArea = () => callApi(getCreationArea, {});

export const creationAreaQueryOptions = () =>
  queryOptions({ queryKey: ['works', 'areas'], queryFn: fetchCreationArea, staleTime: Infinity });

export const useCreationArea = () => useQuery(creationAreaQueryOptions());
