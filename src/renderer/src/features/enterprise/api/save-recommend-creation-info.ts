import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { saveRecommendCreationInfo } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export type RecommendInput = CallRequest<typeof saveRecommendCreationInfo>;

export const saveRecommended = (input: RecommendInput) => callApi(saveRecommendCreationInfo, input);

export function useSaveRecommended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecommended,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['enterprise'] }),
  });
}
