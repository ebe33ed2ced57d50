import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelOrder } from '@shared/contract/orders';
import { callApi } from '../../../../api/api-client';

/** Order/Cancel: cancels one of my unpaid orders. */
export const cancelMyOrder = (orderNo: string) => callApi(cancelOrder, { orderNo });

export function useCancelMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMyOrder,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
