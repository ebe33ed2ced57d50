import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { deletePatternGroup } from '@shared/contract/patterns';
import { callApi } from '../../../api/api-client';

/** Creation/DeletePatternGroup: deletes a group (files stay). */
export const deletePatternGroupCall = (input: CallRequest<typeof deletePatternGroup>) =>
  callApi(deletePatternGroup, input);

export function useDeletePatternGroupCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatternGroupCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
