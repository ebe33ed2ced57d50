import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import { addOrCancelCollect } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export type CollectInput = CallRequest<typeof addOrCancelCollect>;
export type CollectResult = CallResponse<typeof addOrCancelCollect>;

export const collectTarget = (input: CollectInput) => callApi(addOrCancelCollect, input);

/** CollectionCenter/AddOrCancelCollect: themes, IPs (and works without a group). */
export function useCollectTarget(onChanged?: (result: CollectResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectTarget,
    onSuccess: async (result) => {
      onChanged?.(result);
      await queryClient.invalidateQueries({ queryKey: ['collections'] });
    },
  });
}
