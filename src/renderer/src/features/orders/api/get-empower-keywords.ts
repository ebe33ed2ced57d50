import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEmpowerKeywords } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Order/GetEmpowerKeywords: the usage keywords a buyer may name on a licence. */
export const fetchEmpowerKeywords = () => callApi(getEmpowerKeywords, {});

export const empowerKeywordsQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', 'empower-keywords'],
    queryFn: fetchEmpowerKeywords,
    staleTime: Infinity,
  });

export const useEmpowerKeywords = () => useQuery(empowerKeywordsQueryOptions());
