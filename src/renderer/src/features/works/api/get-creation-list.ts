import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getCreationList } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export type CreationListInput = CallRequest<typeof getCreationList>;

export const fetchCreationList = (input: CreationListInput) => callApi(getCreationList, input);

export const creationListQueryOptions = (input: CreationListInput) =>
  queryOptions({
    queryKey: ['works', 'list', input],
    queryFn: () => fetchCreationList(input),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useCreationList = (input: CreationListInput) =>
  useQuery(creationListQueryOptions(input));
