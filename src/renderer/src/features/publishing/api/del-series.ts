import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { delSeries } from '@shared/contract/series';
import { callApi } from '../../../api/api-client';

/** Series/DelSeries: deletes a series (works stay). */
export const deleteSeries = (input: CallRequest<typeof delSeries>) => callApi(delSeries, input);

export function useDeleteSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSeries,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
