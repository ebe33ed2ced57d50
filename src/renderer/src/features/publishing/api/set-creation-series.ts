import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { setCreationSeries } from '@shared/contract/series';
import { callApi } from '../../../api/api-client';

/** Creation/SetCreationSeries: moves works into a series or out of any. */
export const setWorksSeries = (input: CallRequest<typeof setCreationSeries>) =>
  callApi(setCreationSeries, input);

export function useSetWorksSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorksSeries,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
