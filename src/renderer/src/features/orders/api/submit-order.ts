import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitOrderInput } from '@shared/contract/orders';
import { submitOrder as submitOrderCall } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';
import { orderQueryOptions } from './get-order';

/** Order/Submit: priced on the server; the same idemKey returns the first order. */
export const submitOrder = (input: SubmitOrderInput) => callApi(submitOrderCall, input);

export function useSubmitOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order.orderNo).queryKey, order);
    },
  });
}
