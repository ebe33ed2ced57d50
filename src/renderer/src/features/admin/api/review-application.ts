import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { reviewApplication } from '@shared/contract/admin';
import { callApi } from '../../../api/api-client';

/** Admin/ReviewApplication: approve, or reject with a reason. */
export const reviewApplicationCall = (input: CallRequest<typeof reviewApplication>) =>
  callApi(reviewApplication, input);

export function useReviewApplicationCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewApplicationCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
