import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import { addOrCancelCollection } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export type CollectWorkInput = CallRequest<typeof addOrCancelCollection>;
export type CollectWorkResult = CallResponse<typeof addOrCancelCollection>;

export const collectWork = (input: CollectWorkInput) => callApi(addOrCancelCollection, input);

/** Collects a work into a group (or moves it), or cancels the collection. */
export function useCollectWork(onChanged?: (result: CollectWorkResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectWork,
    onSuccess: async (result) => {
      onChanged?.(result);
      await queryClient.invalidateQueries({ queryKey: ['collections'] });
    },
  });
}
