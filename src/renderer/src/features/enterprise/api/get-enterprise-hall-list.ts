import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getEnterpriseHallList } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export type HallListInput = CallRequest<typeof getEnterpriseHallList>;

export const fetchHallList = (input: HallListInput) => callApi(getEnterpriseHallList, input);

export const hallListQueryOptions = (input: HallListInput) =>
  queryOptions({
    queryKey: ['enterprise', 'list', input],
    queryFn: () => fetchHallList(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useHallList = (input: HallListInput) => useQuery(hallListQueryOptions(input));
