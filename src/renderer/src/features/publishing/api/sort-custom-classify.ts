import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { sortCustomClassify } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/SortCustomClassify: the new order after a drag. */
export const sortClassify = (input: CallRequest<typeof sortCustomClassify>) =>
  callApi(sortCustomClassify, input);

export function useSortClassify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sortClassify,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
