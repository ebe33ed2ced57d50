import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { savePatternGroup } from '@shared/contract/patterns';
import { callApi } from '../../../api/api-client';

/** Creation/SavePatternGroup: creates or renames a group of pattern files. */
export const savePatternGroupCall = (input: CallRequest<typeof savePatternGroup>) =>
  callApi(savePatternGroup, input);

export function useSavePatternGroupCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePatternGroupCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['publishing'] });
    },
  });
}
