import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { subitEnterprise } from '@shared/contract/settle-in';
import { callApi } from '../../../api/api-client';

/** Shop/SubitEnterprise: a design company applies. */
export const submitEnterpriseApply = (input: CallRequest<typeof subitEnterprise>) =>
  callApi(subitEnterprise, input);

export function useSubmitEnterpriseApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitEnterpriseApply,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}
