import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile } from '@shared/contract/profile';
import { callApi } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';

/** Profile/GetProfile: avatar, nickname, the masked phone and any pending account deletion. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: () => callApi(getProfile, {}),
    staleTime: 30_000,
    retry: false,
  });

export const useProfile = () => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...profileQueryOptions(), enabled: signedIn });
};
