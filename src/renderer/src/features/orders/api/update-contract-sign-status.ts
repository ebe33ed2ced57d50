import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateContractSignStatus } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';
import { orderQueryOptions } from './get-order';

/** Contract/UpdateContractSigneStatus: the buyer signs the licence contract. */
export const signContract = (orderNo: string) =>
  callApi(updateContractSignStatus, { orderNo, agreed: true });

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signContract,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order.orderNo).queryKey, order);
    },
  });
}
