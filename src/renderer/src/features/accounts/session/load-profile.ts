import type { QueryClient } from '@tanstack/react-query';
import { SESSION_GONE_CODES } from '@shared/constants';
import { ApiError } from '../../../api/api-client';
import { designerStatusQueryOptions } from '../../../api/get-designer-status';
import { userInfoQueryOptions } from '../../../api/get-user-info';
import { myInfoQueryOptions } from '../api/get-my-info';
import { vipInfoQueryOptions } from '../api/get-vip-info';

const endsSession = (error: unknown) =>
  error instanceof ApiError && (SESSION_GONE_CODES as readonly number[]).includes(error.code);

/**
 * §4 Signed in: user info, designer status, vip and organisation info are fetched into the query
 * cache; the header and side menu read them there (useSessionUser, useSessionUserStatus).
 * §8 A user-info failure shows the server's message; 401–405 already ended the session in the client.
 */
export async function loadProfile(
  queryClient: QueryClient,
  showError: (message: string) => void,
): Promise<void> {
  const [info] = await Promise.allSettled([
    queryClient.fetchQuery(userInfoQueryOptions()),
    queryClient.fetchQuery(designerStatusQueryOptions()),
  ]);
  void queryClient.prefetchQuery(vipInfoQueryOptions());
  void queryClient.prefetchQuery(myInfoQueryOptions());
  if (info.status === 'rejected' && !endsSession(info.reason) && info.reason instanceof Error) {
    showError(info.reason.message);
  }
}
