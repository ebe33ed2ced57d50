import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@shared/contract/accounts';
import { getUserInfo } from '@shared/contract/accounts';
import { toMilliseconds } from '@shared/rules/roles';
import { useSessionStore } from '../stores/session-store';
import { callApi } from './api-client';

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

/** §3 User info as the header and side menu need it. */
export type SessionUser = Pick<
  UserInfo,
  'userId' | 'caiHongID' | 'userName' | 'smallHeadImg' | 'memberTypeName' | 'isExpVip'
> & { vipEndTime: number | null };

export const toSessionUser = (info: UserInfo): SessionUser => ({
  userId: info.userId,
  caiHongID: info.caiHongID,
  userName: info.userName,
  smallHeadImg: info.smallHeadImg,
  memberTypeName: info.memberTypeName,
  isExpVip: info.isExpVip,
  vipEndTime: info.vipEndTime > 0 ? toMilliseconds(info.vipEndTime) : null,
});

/** §3 The signed-in user from the query cache; null while signed out or before the profile loads. */
export function useSessionUser(): SessionUser | null {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  // Only reads: the session sync loads the profile on sign-in and focus, so readers add no requests.
  const { data } = useQuery({ ...userInfoQueryOptions(), enabled: false, select: toSessionUser });
  return signedIn ? (data ?? null) : null;
}
