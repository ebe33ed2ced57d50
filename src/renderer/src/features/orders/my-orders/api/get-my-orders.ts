import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getMyOrders } from '@shared/contract/orders';
import { callApi } from '../../../../api/api-client';

export type MyOrdersInput = CallRequest<typeof getMyOrders>;

/** Order/GetMyOrders: my orders of one state (or all), with the counts per state. */
export const fetchMyOrders = (input: MyOrdersInput) => callApi(getMyOrders, input);

export const myOrdersQueryOptions = (input: MyOrdersInput) =>
  queryOptions({
    queryKey: ['orders', 'mine', input],
    queryFn: () => fetchMyOrders(input),
    placeholderData: keepPreviousData,
  });

export const useMyOrders = (input: MyOrdersInput) => useQuery(myOrdersQueryOptions(input));
