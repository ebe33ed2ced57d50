import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelOrder as cancelOrderCall } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';
import { orderQueryOptions } from './get-order';

/** Order/Cancel: cancels an unpaid order. */
export const cancelOrder = (orderNo: string) => callApi(cancelOrderCall, { orderNo });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order.orderNo).queryKey, order);
    },
  });
}
