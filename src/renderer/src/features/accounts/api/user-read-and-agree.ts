import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userReadAndAgree } from '@shared/contract/accounts';
import { AGREEMENT_ALIASES, getAgreementList } from '@shared/contract/agreements';
import { callApi } from '../../../api/api-client';
import { userInfoQueryOptions } from '../../../api/get-user-info';

/** The user agreement in force (its version and date), for the agreement-update dialog. */
export const userAgreementQueryOptions = () =>
  queryOptions({
    queryKey: ['agreements', 'list'],
    queryFn: () => callApi(getAgreementList, {}),
    select: (list) => list.find((a) => a.alias === AGREEMENT_ALIASES.userAgreement) ?? null,
    staleTime: 60_000,
    retry: false,
  });

export const useUserAgreement = () => useQuery(userAgreementQueryOptions());

/**
 * user.userReadAndAgree with type 2 (§4): records acceptance of the updated user agreement, with
 * the version the dialog showed (the server refuses it when a newer one has been published).
 */
export const acceptAgreementUpdate = (version?: number) =>
  callApi(userReadAndAgree, version === undefined ? { type: 2 } : { type: 2, version });

export const useUserReadAndAgree = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAgreementUpdate,
    onSuccess: () => {
      queryClient.setQueryData(userInfoQueryOptions().queryKey, (info) =>
        info ? { ...info, isReadAndAgreeNotify: true } : info,
      );
    },
    // A newer version may have been published meanwhile: show its date.
    onError: () => void queryClient.invalidateQueries({ queryKey: ['agreements'] }),
  });
};
