import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contactCustomerService,
  getMyServiceThread,
  getServiceUnreadCount,
} from '@shared/contract/customer-service';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

/** How often an open conversation and the unread badge look for staff replies. */
export const THREAD_REFRESH_MS = 15_000;
export const UNREAD_REFRESH_MS = 60_000;

const MY_THREAD_KEY = ['customer-service', 'my-thread'] as const;
const UNREAD_KEY = ['customer-service', 'unread'] as const;

/** User/GetMyServiceThread: reading it marks staff replies read, so the badge is read again. */
export const myServiceThreadQueryOptions = () =>
  queryOptions({
    queryKey: MY_THREAD_KEY,
    queryFn: () => callApi(getMyServiceThread, {}),
    refetchInterval: THREAD_REFRESH_MS,
  });

export function useMyServiceThread(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...myServiceThreadQueryOptions(), enabled });
  const readAt = query.dataUpdatedAt;
  useEffect(() => {
    if (readAt > 0) void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
  }, [readAt, queryClient]);
  return query;
}

/** User/GetServiceUnreadCount: staff replies not yet read (the badge on 在线客服). */
export const useServiceUnread = (enabled: boolean) =>
  useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => callApi(getServiceUnreadCount, {}),
    enabled,
    refetchInterval: UNREAD_REFRESH_MS,
  });

/** User/ContactCustomerService; the answer is the thread with the new message. */
export function useSendServiceMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof contactCustomerService>) =>
      callApi(contactCustomerService, input),
    onSuccess: (thread) => {
      queryClient.setQueryData(MY_THREAD_KEY, { thread });
    },
  });
}
