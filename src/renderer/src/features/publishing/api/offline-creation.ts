import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { offlineCreation } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/OfflineCreation: takes my published works down. */
export const takeDownWorks = (input: CallRequest<typeof offlineCreation>) =>
  callApi(offlineCreation, input);

export function useTakeDownWorks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeDownWorks,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
