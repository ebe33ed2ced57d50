import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { setPatternGroup } from '@shared/contract/patterns';
import { callApi } from '../../../api/api-client';

/** Creation/SetPatternGroup: moves files into a group or out of any. */
export const movePatternFiles = (input: CallRequest<typeof setPatternGroup>) =>
  callApi(setPatternGroup, input);

export function useMovePatternFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePatternFiles,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
