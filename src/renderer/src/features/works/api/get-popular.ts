import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPopular } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const fetchPopular = (headerType?: 3 | 4) =>
  callApi(getPopular, headerType === undefined ? {} : { headerType });

export const popularQueryOptions = (headerType?: 3 | 4) =>
  queryOptions({
    queryKey: ['works', 'popular', headerType ?? 'all'],
    queryFn: () => fetchPopular(headerType),
    staleTime: 5 * 60_000,
  });

export const usePopular = (headerType?: 3 | 4) => useQuery(popularQueryOptions(headerType));
