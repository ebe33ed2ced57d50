import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyInvoice } from '@shared/contract/billing';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

/** Finance/ApplyInvoice: asks for a 增值税普通发票 on a paid order. */
export const requestInvoice = (input: CallRequest<typeof applyInvoice>) =>
  callApi(applyInvoice, input);

export function useRequestInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestInvoice,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['billing', 'invoices'] });
    },
  });
}
