import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDesignerStatus } from '@shared/contract/accounts';
import { callApi } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';

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
