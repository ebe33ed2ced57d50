import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { insertUpdateCustomClassify } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/InsertUpdateCustomClassify: creates or renames a classification. */
export const saveClassify = (input: CallRequest<typeof insertUpdateCustomClassify>) =>
  callApi(insertUpdateCustomClassify, input);

export function useSaveClassify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClassify,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
