import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { saveQualifyInfo } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export type QualifyInput = CallRequest<typeof saveQualifyInfo>;

export const saveQualifications = (input: QualifyInput) => callApi(saveQualifyInfo, input);

export function useSaveQualifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQualifications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['enterprise'] }),
  });
}
