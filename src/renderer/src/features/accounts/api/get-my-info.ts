import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMyInfo } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';

/** saas.getMyInfo (§7): the account's organisation; orgFlag 2 is an enterprise. */
export const fetchMyInfo = () => callApi(getMyInfo, {});

export const myInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'my-info'],
    queryFn: fetchMyInfo,
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useMyInfo = () => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...myInfoQueryOptions(), enabled: signedIn });
};
