import { queryOptions, useQuery } from '@tanstack/react-query';
import { collectCenter } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const fetchCollectCenter = () => callApi(collectCenter, {});

export const collectCenterQueryOptions = () =>
  queryOptions({ queryKey: ['collections', 'center'], queryFn: fetchCollectCenter });

export const useCollectCenter = () => useQuery(collectCenterQueryOptions());
