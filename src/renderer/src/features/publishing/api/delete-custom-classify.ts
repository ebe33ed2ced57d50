import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { deleteCustomClassify } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/DeleteCustomClassify: deletes a classification (works stay). */
export const deleteClassify = (input: CallRequest<typeof deleteCustomClassify>) =>
  callApi(deleteCustomClassify, input);

export function useDeleteClassify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClassify,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
