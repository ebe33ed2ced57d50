import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { changeMyPassword } from '@shared/contract/profile';
import { callApi } from '../../../api/api-client';

/** Profile/ChangePassword: this session stays signed in, the others end. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: CallRequest<typeof changeMyPassword>) => callApi(changeMyPassword, input),
  });
}
