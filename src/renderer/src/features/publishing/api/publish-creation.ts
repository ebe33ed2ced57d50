import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { publishCreation } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** PublishCreation: sends drafts to review; sending one twice changes nothing. */
export const publishWorks = (input: CallRequest<typeof publishCreation>) =>
  callApi(publishCreation, input);

export function usePublishWorks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishWorks,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
