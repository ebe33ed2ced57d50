import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { reviewWork } from '@shared/contract/admin';
import { callApi } from '../../../api/api-client';

/** Admin/ReviewWork: approve (publish), or reject with a reason. */
export const reviewWorkCall = (input: CallRequest<typeof reviewWork>) => callApi(reviewWork, input);

export function useReviewWorkCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWorkCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
