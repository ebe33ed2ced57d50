import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { changePhone, verifyOldPhone } from '@shared/contract/profile';
import { callApi } from '../../../api/api-client';
import { useProfileChanged } from './use-profile-changed';

/** Profile/VerifyOldPhone: the code sent to the current number, for a ten-minute ticket. */
export function useVerifyOldPhone() {
  return useMutation({ mutationFn: (code: string) => callApi(verifyOldPhone, { code }) });
}

/** Profile/ChangePhone: the ticket and the new number's code. */
export function useChangePhone() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (input: CallRequest<typeof changePhone>) => callApi(changePhone, input),
    onSuccess: changed,
  });
}
