import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userReadAndAgree } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';
import { userInfoQueryOptions } from '../../../api/get-user-info';

/** user.userReadAndAgree with type 2 (§4): records acceptance of the updated user agreement. */
export const acceptAgreementUpdate = () => callApi(userReadAndAgree, { type: 2 });

export const useUserReadAndAgree = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAgreementUpdate,
    onSuccess: () => {
      queryClient.setQueryData(userInfoQueryOptions().queryKey, (info) =>
        info ? { ...info, isReadAndAgreeNotify: true } : info,
      );
    },
  });
};
