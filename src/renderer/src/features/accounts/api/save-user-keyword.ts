import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveUserKeyword } from '@shared/contract/accounts';
import type { CallRequest } from '@shared/contract/define';
import { MSG } from '@shared/messages';
import { callApi } from '../../../api/api-client';
import { userInfoQueryOptions } from '../../../api/get-user-info';

export type UserKeywordInput = CallRequest<typeof saveUserKeyword>;

/** user.SaveUserKeyword (§7): the registration-interest answers; `flag` false is a failure too. */
export async function saveRegistrationInterest(input: UserKeywordInput): Promise<void> {
  const { flag } = await callApi(saveUserKeyword, input);
  if (!flag) throw new Error(MSG.completeInfoFirst);
}

export const useSaveUserKeyword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegistrationInterest,
    onSuccess: () => {
      queryClient.setQueryData(userInfoQueryOptions().queryKey, (info) =>
        info ? { ...info, isUserKeywork: true } : info,
      );
    },
  });
};
