import { queryOptions, useQuery } from '@tanstack/react-query';
import { empowerCategory } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Empower/EmpowerCategory: the licence options' ids, so 立即授权 can name the option it orders. */
export const fetchEmpowerOptions = (creationId: number) => callApi(empowerCategory, { creationId });

export const empowerOptionsQueryOptions = (creationId: number) =>
  queryOptions({
    queryKey: ['works', 'empower-options', creationId],
    queryFn: () => fetchEmpowerOptions(creationId),
  });

export const useEmpowerOptions = (creationId: number) =>
  useQuery(empowerOptionsQueryOptions(creationId));
