import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import { confirmBankTransfer } from '@shared/contract/orders';
import type { getPendingBankTransfers } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';
import { pendingBankTransfersKey } from './get-pending-bank-transfers';

type PendingPage = CallResponse<typeof getPendingBankTransfers>;

/** Admin/ConfirmBankTransfer: the money arrived; the server pays the order as a notification would. */
export const confirmBankTransferCall = (input: CallRequest<typeof confirmBankTransfer>) =>
  callApi(confirmBankTransfer, input);

export function useConfirmBankTransferCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBankTransferCall,
    onSuccess: async (_, input) => {
      // The confirmed transfer leaves the list at once; the refetch then brings the server's view.
      queryClient.setQueriesData<PendingPage>({ queryKey: pendingBankTransfersKey }, (page) =>
        page
          ? {
              list: page.list.filter((t) => t.payOrderNo !== input.payOrderNo),
              total: Math.max(0, page.total - 1),
            }
          : page,
      );
      await queryClient.invalidateQueries({ queryKey: pendingBankTransfersKey });
    },
  });
}
