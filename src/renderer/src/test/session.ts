import { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@shared/contract/accounts';
import type { SessionUserStatus } from '../api/get-designer-status';
import { designerStatusQueryOptions } from '../api/get-designer-status';
import { userInfoQueryOptions } from '../api/get-user-info';
import { useSessionStore } from '../stores/session-store';

/** A query client as the tests use it: no retries, so a failing mock fails at once. */
export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** §4 What a finished profile load leaves: signed in, user info and designer status in the cache. */
export function signInAs(
  queryClient: QueryClient,
  info: UserInfo,
  status: SessionUserStatus,
): void {
  useSessionStore.getState().markSignedIn();
  // Seeded stale, so hooks that fetch still ask the (mocked) server as after a real load.
  queryClient.setQueryData(userInfoQueryOptions().queryKey, info, { updatedAt: 0 });
  queryClient.setQueryData(designerStatusQueryOptions().queryKey, status, { updatedAt: 0 });
}
