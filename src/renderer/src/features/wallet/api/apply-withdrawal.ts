import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { applyWithdrawal } from '@shared/contract/wallet';
import { callApi } from '../../../api/api-client';
import { incomeStatementKey } from './get-income-statement';
import { withdrawalAccountKey } from './get-withdrawal-account';
import { withdrawalLogKey } from './get-withdrawal-log';

/** Finance/ApplyWithdrawal: the form's idempotency key makes a double click one withdrawal. */
export const applyWithdrawalCall = (input: CallRequest<typeof applyWithdrawal>) =>
  callApi(applyWithdrawal, input);

export function useApplyWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyWithdrawalCall,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalAccountKey }),
        queryClient.invalidateQueries({ queryKey: withdrawalLogKey }),
        queryClient.invalidateQueries({ queryKey: incomeStatementKey }),
      ]);
    },
  });
}
