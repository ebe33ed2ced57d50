import { queryOptions, useQuery } from '@tanstack/react-query';
import { getReferenceIywTuList } from '@shared/contract/themes';
import { callApi } from '../../../api/api-client';

export const fetchTrendList = () => callApi(getReferenceIywTuList, {});

export const trendListQueryOptions = () =>
  queryOptions({ queryKey: ['themes', 'trends'], queryFn: fetchTrendList, staleTime: 5 * 60_000 });

export const useTrendList = () => useQuery(trendListQueryOptions());
