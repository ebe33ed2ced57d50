import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { phoneCaptcha } from '@shared/contract/profile';
import { callApi } from '../../../api/api-client';

/** §7 account-admin/revise/phoneCaptcha: a code to the old number, the new one, or for deletion. */
export function usePhoneCaptcha() {
  return useMutation({
    mutationFn: (input: CallRequest<typeof phoneCaptcha>) => callApi(phoneCaptcha, input),
  });
}
