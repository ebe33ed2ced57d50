import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { handleInvoiceRequest } from '@shared/contract/billing';
import { callApi } from '../../../api/api-client';
import { invoiceRequestsKey } from './get-invoice-requests';

/** Admin/HandleInvoiceRequest: issue with the invoice's number, or reject with a reason. */
export const handleInvoiceRequestCall = (input: CallRequest<typeof handleInvoiceRequest>) =>
  callApi(handleInvoiceRequest, input);

export function useHandleInvoiceRequestCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handleInvoiceRequestCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invoiceRequestsKey });
    },
  });
}
