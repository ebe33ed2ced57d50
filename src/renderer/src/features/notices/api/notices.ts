import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import {
  getNoticeList,
  getNoticeUnreadCount,
  readAllNotices,
  recvMsgParser,
} from '@shared/contract/notices';
import { callApi } from '../../../api/api-client';
import { useSessionUser } from '../../../api/get-user-info';
import { useSessionStore } from '../../../stores/session-store';

// The message centre's calls (docs/notices.md). Keys carry the user id, so one person's notices
// are never shown to the next person who signs in on the same window.

/** How often the header asks for the unread count while the window is open. */
export const UNREAD_POLL_MS = 60_000;

type ListInput = CallRequest<typeof getNoticeList>;

const noticesKey = ['notices'] as const;

/** The signed-in user's id (0 before the profile loads), and whether anyone is signed in. */
function useViewer() {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const userId = useSessionUser()?.userId ?? 0;
  return { signedIn, userId };
}

export const unreadCountQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...noticesKey, userId, 'unread'],
    queryFn: () => callApi(getNoticeUnreadCount, {}),
    staleTime: 15_000,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
  });

/** Message/GetUnreadCount: polled gently (every minute and on focus) while signed in. */
export function useUnreadNoticeCount() {
  const { signedIn, userId } = useViewer();
  return useQuery({ ...unreadCountQueryOptions(userId), enabled: signedIn });
}

export const noticeListQueryOptions = (userId: number, input: ListInput) =>
  queryOptions({
    queryKey: [...noticesKey, userId, 'list', input],
    queryFn: () => callApi(getNoticeList, input),
    staleTime: 15_000,
    retry: false,
  });

/** Message/GetMessageList: one page of my notices, newest first. */
export function useNoticeList(input: ListInput, options: { enabled?: boolean } = {}) {
  const { signedIn, userId } = useViewer();
  return useQuery({
    ...noticeListQueryOptions(userId, input),
    enabled: signedIn && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
}

/** After marking: the count and every list are read again. */
function useRefreshNotices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noticesKey });
}

/** messagecenter/Message/RecvMsgParser: marks some of my notices read. */
export function useMarkNoticesRead() {
  const refresh = useRefreshNotices();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(recvMsgParser, { ids }),
    onSuccess: refresh,
  });
}

/** Message/ReadAll: marks all my notices read (or those of one kind). */
export function useMarkAllNoticesRead() {
  const refresh = useRefreshNotices();
  return useMutation({
    mutationFn: (input: CallRequest<typeof readAllNotices>) => callApi(readAllNotices, input),
    onSuccess: refresh,
  });
}
