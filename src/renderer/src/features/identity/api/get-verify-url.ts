import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getVerifyUrl } from '@shared/contract/identity';
import { callApi } from '../../../api/api-client';

/** Certification/GetVerifyUrl: verifies a name and number (the sandbox answers at once). */
export const startVerification = (input: CallRequest<typeof getVerifyUrl>) =>
  callApi(getVerifyUrl, input);

export function useStartVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startVerification,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
