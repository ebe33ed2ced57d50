import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { handleWithdrawal } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';
import { withdrawalsKey } from './get-withdrawals';

/** Admin/HandleWithdrawal: approve, mark paid (with the bank's serial) or reject with a reason. */
export const handleWithdrawalCall = (input: CallRequest<typeof handleWithdrawal>) =>
  callApi(handleWithdrawal, input);

export function useHandleWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handleWithdrawalCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: withdrawalsKey });
    },
  });
}
