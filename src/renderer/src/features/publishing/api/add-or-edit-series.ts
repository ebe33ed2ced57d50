import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { addOrEditSeries } from '@shared/contract/series';
import { callApi } from '../../../api/api-client';

/** Series/AddOrEditSeries: creates or edits a series. */
export const saveSeries = (input: CallRequest<typeof addOrEditSeries>) =>
  callApi(addOrEditSeries, input);

export function useSaveSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSeries,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
