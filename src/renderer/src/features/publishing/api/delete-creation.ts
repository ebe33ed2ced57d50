import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { deleteCreation } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/DeleteCreation: soft-deletes my works. */
export const deleteWorks = (input: CallRequest<typeof deleteCreation>) =>
  callApi(deleteCreation, input);

export function useDeleteWorks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorks,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
