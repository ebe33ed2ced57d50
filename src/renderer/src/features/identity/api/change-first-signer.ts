import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { changeFirstSigner } from '@shared/contract/identity';
import { callApi } from '../../../api/api-client';

/** Certification/ChangeFirstSigner: which verified identity signs contracts. */
export const changeSigner = (input: CallRequest<typeof changeFirstSigner>) =>
  callApi(changeFirstSigner, input);

export function useChangeSigner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSigner,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
