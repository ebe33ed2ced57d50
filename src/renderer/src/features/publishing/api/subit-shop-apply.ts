import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { subitShopApply } from '@shared/contract/settle-in';
import { callApi } from '../../../api/api-client';

/** Shop/SubitShopApply: a personal designer applies. */
export const submitShopApply = (input: CallRequest<typeof subitShopApply>) =>
  callApi(subitShopApply, input);

export function useSubmitShopApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitShopApply,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}
