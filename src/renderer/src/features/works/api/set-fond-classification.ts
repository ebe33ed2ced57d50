import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setFondClassification } from '@shared/contract/works';
import { callApi } from '../../../api/api-client';

export const saveFondClassification = (kids: number[]) => callApi(setFondClassification, { kids });

/** Saves favourite categories; the recommendations and the saved list refresh. */
export function useSetFondClassification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFondClassification,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['works', 'fond'] }),
        queryClient.invalidateQueries({ queryKey: ['works', 'recommend'] }),
      ]);
    },
  });
}
