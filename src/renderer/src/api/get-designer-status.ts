import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDesignerStatus } from '@shared/contract/accounts';
import type { CallResponse } from '@shared/contract/define';
import { useSessionStore } from '../stores/session-store';
import { callApi } from './api-client';

/** §3 User status: status ≠ 0 means a designer status; settleStatus 1 is a settled designer. */
export type SessionUserStatus = CallResponse<typeof getDesignerStatus>;

/** saas.getDesignerStatus (§7): status ≠ 0 is a designer, settleStatus 1 a settled one (§6). */
export const fetchDesignerStatus = () => callApi(getDesignerStatus, {});

export const designerStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'designer-status'],
    queryFn: fetchDesignerStatus,
    staleTime: 30_000,
    retry: false,
  });

export const useDesignerStatus = () => {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  return useQuery({ ...designerStatusQueryOptions(), enabled: signedIn });
};

/** The signed-in user's designer status from the query cache; null while unknown or signed out. */
export function useSessionUserStatus(): SessionUserStatus | null {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  // Only reads: the session sync loads the status with the profile, so readers add no requests.
  const { data } = useQuery({ ...designerStatusQueryOptions(), enabled: false });
  return signedIn ? (data ?? null) : null;
}
