import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delCollectionGroup } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const deleteCollectionGroup = (id: number) => callApi(delCollectionGroup, { id });

/** Deletes a group; its works stay collected, ungrouped. */
export function useDeleteCollectionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollectionGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['collections'] }),
  });
}
