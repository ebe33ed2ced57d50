import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { saveEnterpriseHallInfo } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export type HallInfoInput = CallRequest<typeof saveEnterpriseHallInfo>;

export const saveHallInfo = (input: HallInfoInput) => callApi(saveEnterpriseHallInfo, input);

export function useSaveHallInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHallInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['enterprise'] }),
  });
}
