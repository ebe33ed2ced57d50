import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrder } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';

/** Order/GetOrder: one of my orders. */
export const fetchOrder = (orderNo: string) => callApi(getOrder, { orderNo });

export const orderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: ['orders', 'order', orderNo],
    queryFn: () => fetchOrder(orderNo),
  });

export const useOrder = (orderNo: string) => useQuery(orderQueryOptions(orderNo));
