import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@shared/contract/accounts';
import { SESSION_GONE_CODES } from '@shared/constants';
import { toMilliseconds } from '@shared/rules/roles';
import { ApiError } from '../../../api/api-client';
import type { SessionUser } from '../../../stores/session-store';
import { useSessionStore } from '../../../stores/session-store';
import { designerStatusQueryOptions } from '../api/get-designer-status';
import { myInfoQueryOptions } from '../api/get-my-info';
import { userInfoQueryOptions } from '../api/get-user-info';
import { vipInfoQueryOptions } from '../api/get-vip-info';

export const toSessionUser = (info: UserInfo): SessionUser => ({
  userId: info.userId,
  caiHongID: info.caiHongID,
  userName: info.userName,
  smallHeadImg: info.smallHeadImg,
  memberTypeName: info.memberTypeName,
  isExpVip: info.isExpVip,
  vipEndTime: info.vipEndTime > 0 ? toMilliseconds(info.vipEndTime) : null,
});

const endsSession = (error: unknown) =>
  error instanceof ApiError && (SESSION_GONE_CODES as readonly number[]).includes(error.code);

/**
 * §4 Signed in: user info and designer status go to the session store (the header and side menu read
 * them); vip and organisation info are fetched into the query cache for the user centre.
 * §8 A user-info failure shows the server's message; 401–405 already ended the session in the client.
 */
export async function loadProfile(
  queryClient: QueryClient,
  showError: (message: string) => void,
): Promise<void> {
  const [info, status] = await Promise.allSettled([
    queryClient.fetchQuery(userInfoQueryOptions()),
    queryClient.fetchQuery(designerStatusQueryOptions()),
  ]);
  void queryClient.prefetchQuery(vipInfoQueryOptions());
  void queryClient.prefetchQuery(myInfoQueryOptions());
  if (info.status === 'rejected') {
    if (!endsSession(info.reason) && info.reason instanceof Error) showError(info.reason.message);
    return;
  }
  const store = useSessionStore.getState();
  if (store.loginState !== 'sign-in') return;
  store.setSignedIn(toSessionUser(info.value), status.status === 'fulfilled' ? status.value : null);
}
