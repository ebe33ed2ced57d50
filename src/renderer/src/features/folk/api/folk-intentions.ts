import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getMyFolkIntentions, submitFolkIntention } from '@shared/contract/folk';
import { callApi } from '../../../api/api-client';

/** SouthwestCreation/GetMyIntentions. */
export const useMyFolkIntentions = () =>
  useQuery({
    queryKey: ['folk', 'my-intentions'],
    queryFn: () => callApi(getMyFolkIntentions, {}),
    retry: false,
  });

/** SouthwestCreation/SubmitIntentionInfo. */
export function useSubmitFolkIntention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof submitFolkIntention>) =>
      callApi(submitFolkIntention, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['folk', 'my-intentions'] });
    },
  });
}
