import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVipInfo } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';

/** user.GetVipInfo (§7): membership and benefits of the signed-in user. */
export const fetchVipInfo = () => callApi(getVipInfo, {});

export const vipInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'vip-info'],
    queryFn: fetchVipInfo,
    staleTime: 30_000,
    retry: false,
  });

export const useVipInfo = () => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...vipInfoQueryOptions(), enabled: signedIn });
};
