import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { updateOrderRemarks } from '@shared/contract/orders';
import { callApi } from '../../../../api/api-client';
import { orderDetailQueryOptions } from './get-order-detail';

/** Order/UpdateOrderRemarks: my note on an order (at most 200 characters). */
export const saveOrderRemarks = (input: CallRequest<typeof updateOrderRemarks>) =>
  callApi(updateOrderRemarks, input);

export function useSaveOrderRemarks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderRemarks,
    onSuccess: (order) => {
      queryClient.setQueryData(orderDetailQueryOptions(order.orderNo).queryKey, order);
    },
  });
}
