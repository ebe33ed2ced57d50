import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getMyCollectCreations } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export type MyCollectWorksInput = CallRequest<typeof getMyCollectCreations>;

export const fetchMyCollectCreations = (input: MyCollectWorksInput) =>
  callApi(getMyCollectCreations, input);

export const myCollectCreationsQueryOptions = (input: MyCollectWorksInput) =>
  queryOptions({
    queryKey: ['collections', 'works', input],
    queryFn: () => fetchMyCollectCreations(input),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMyCollectCreations = (input: MyCollectWorksInput) =>
  useQuery(myCollectCreationsQueryOptions(input));
