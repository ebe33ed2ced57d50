import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getMyCreations } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

export type MyCreationsInput = CallRequest<typeof getMyCreations>;

/** Creation/GetMyCreations: my works by tab and filters, with counts per state. */
export const fetchMyCreations = (input: MyCreationsInput) => callApi(getMyCreations, input);

export const myCreationsQueryOptions = (input: MyCreationsInput) =>
  queryOptions({
    queryKey: ['publishing', 'my-creations', input],
    queryFn: () => fetchMyCreations(input),
    placeholderData: keepPreviousData,
  });

export const useMyCreations = (input: MyCreationsInput) => useQuery(myCreationsQueryOptions(input));
