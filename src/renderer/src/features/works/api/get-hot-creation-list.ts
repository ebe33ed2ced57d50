import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getHotCreationList } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export type HotListInput = CallRequest<typeof getHotCreationList>;

export const fetchHotCreationList = (input: HotListInput) => callApi(getHotCreationList, input);

export const hotCreationListQueryOptions = (input: HotListInput) =>
  queryOptions({
    queryKey: ['works', 'hot', input],
    queryFn: () => fetchHotCreationList(input),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useHotCreationList = (input: HotListInput) =>
  useQuery(hotCreationListQueryOptions(input));
