import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrgAvatar } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';

/** saas.getOrgAvatar (§7): the organisation's avatar, shown for enterprise accounts. */
export const fetchOrgAvatar = () => callApi(getOrgAvatar, {});

export const orgAvatarQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'org-avatar'],
    queryFn: fetchOrgAvatar,
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useOrgAvatar = (enabled: boolean) => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...orgAvatarQueryOptions(), enabled: signedIn && enabled });
};
