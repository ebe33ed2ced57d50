import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getVipInfo } from '@shared/contract/accounts';
import { getAuthList } from '@shared/contract/membership';
import { callApi } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';

/**
 * user.GetVipInfo under the accounts' key: the same call and data the side menu reads, so one
 * cache entry serves both and one invalidation after a payment refreshes both.
 */
export const memberVipInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'vip-info'],
    queryFn: () => callApi(getVipInfo, {}),
    staleTime: 30_000,
    retry: false,
  });

export const useMemberVipInfo = () => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...memberVipInfoQueryOptions(), enabled: signedIn });
};

/** member.GetAuthList: the signed-in member's running quotas (T13 not listed). */
export const authListQueryOptions = () =>
  queryOptions({
    queryKey: ['membership', 'auth-list'],
    queryFn: () => callApi(getAuthList, {}),
    staleTime: 30_000,
    retry: false,
  });

export const useAuthList = () => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...authListQueryOptions(), enabled: signedIn });
};

/**
 * After a payment: the user (member type, expiry), the vip info and the quotas are read again, so
 * the side menu and the header show the new expiry without a reload.
 */
export function useRefreshMemberState(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      queryClient.invalidateQueries({ queryKey: ['membership', 'auth-list'] }),
    ]);
  }, [queryClient]);
}
