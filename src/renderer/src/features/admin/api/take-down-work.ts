import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { takeDownWork } from '@shared/contract/admin';
import { callApi } from '../../../api/api-client';

/** Admin/TakeDownWork: takes a published work down with a reason. */
export const takeDownWorkCall = (input: CallRequest<typeof takeDownWork>) =>
  callApi(takeDownWork, input);

export function useTakeDownWorkCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeDownWorkCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
