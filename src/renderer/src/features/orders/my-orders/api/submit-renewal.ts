import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { submitRenewal } from '@shared/contract/orders';
import { callApi } from '../../../../api/api-client';

/** Order/SubmitRenewal: a pending order continuing a licence, priced now. */
export const renewLicence = (input: CallRequest<typeof submitRenewal>) =>
  callApi(submitRenewal, input);

export function useRenewLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewLicence,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
