import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { changeFirstSigner } from '@shared/contract/identity';
import { callApi } from '../../../api/api-client';
import { verifyInfoQueryOptions } from './get-verify-info';

/** Certification/ChangeFirstSigner: which verified identity signs the licence contracts. */
export const changeSigner = (input: CallRequest<typeof changeFirstSigner>) =>
  callApi(changeFirstSigner, input);

export function useChangeSigner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSigner,
    onSuccess: async (info) => {
      queryClient.setQueryData(verifyInfoQueryOptions().queryKey, info);
      await queryClient.invalidateQueries({ queryKey: ['certification', 'bank-account'] });
    },
  });
}
