import { useMutation } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { cancelDeletion, requestDeletion } from '@shared/contract/profile';
import { callApi } from '../../../api/api-client';
import { useProfileChanged } from './use-profile-changed';

/** Profile/RequestDeletion: starts the cooling-off; every session ends on the server. */
export function useRequestDeletion() {
  return useMutation({
    mutationFn: (input: CallRequest<typeof requestDeletion>) => callApi(requestDeletion, input),
  });
}

/** Profile/CancelDeletion: the account stays. */
export function useCancelDeletion() {
  const changed = useProfileChanged();
  return useMutation({ mutationFn: () => callApi(cancelDeletion, {}), onSuccess: changed });
}
