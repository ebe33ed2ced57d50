import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addOrEditCollectionGroup } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const saveCollectionGroup = (input: { id?: number; name: string }) =>
  callApi(addOrEditCollectionGroup, input);

/** Creates (no id) or renames a collection group. */
export function useSaveCollectionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCollectionGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['collections'] }),
  });
}
