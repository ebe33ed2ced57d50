import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { updateSourceMaterialPrice } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/UpdateSourceMaterialPrice: the material price of my material works. */
export const updateMaterialPrice = (input: CallRequest<typeof updateSourceMaterialPrice>) =>
  callApi(updateSourceMaterialPrice, input);

export function useUpdateMaterialPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaterialPrice,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
