import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { setCreationClassify } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

/** Creation/SetCreationClassify: sets, adds or removes classifications of works. */
export const setWorksClassify = (input: CallRequest<typeof setCreationClassify>) =>
  callApi(setCreationClassify, input);

export function useSetWorksClassify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorksClassify,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
