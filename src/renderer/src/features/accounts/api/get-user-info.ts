import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserInfo } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';

/** user.getUserInfo (§7): the signed-in user's info; a 401 ends the session in the api client. */
export const fetchUserInfo = () => callApi(getUserInfo, {});

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'user-info'],
    queryFn: fetchUserInfo,
    staleTime: 30_000,
    retry: false,
  });

export const useUserInfo = () => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...userInfoQueryOptions(), enabled: signedIn });
};
