import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrder } from '@shared/contract/orders';
import { callApi } from '../../../../api/api-client';

/** Order/GetOrder: one of my orders, every field. */
export const fetchOrderDetail = (orderNo: string) => callApi(getOrder, { orderNo });

export const orderDetailQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: ['orders', 'order', orderNo],
    queryFn: () => fetchOrderDetail(orderNo),
  });

export const useOrderDetail = (orderNo: string) => useQuery(orderDetailQueryOptions(orderNo));
