import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getServiceThread,
  getServiceThreads,
  replyServiceThread,
  setServiceThreadState,
} from '@shared/contract/customer-service';
import type { ServiceThreadDetail, ServiceThreadState } from '@shared/contract/customer-service';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';
import { THREAD_REFRESH_MS } from './my-service-thread';

const DESK_KEY = ['admin', 'customer-service'] as const;

/** Admin/GetServiceThreads: waiting threads first; new questions show up on their own. */
export const useServiceThreads = (state: ServiceThreadState, pageIndex: number, pageSize = 20) =>
  useQuery({
    queryKey: [...DESK_KEY, 'list', state, pageIndex, pageSize],
    queryFn: () => callApi(getServiceThreads, { state, pageIndex, pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: THREAD_REFRESH_MS,
  });

/** Admin/GetServiceThread: the whole thread (reading it marks the user's messages read). */
export const useServiceThread = (threadId: number | null) =>
  useQuery({
    queryKey: [...DESK_KEY, 'thread', threadId],
    queryFn: () => callApi(getServiceThread, { threadId: threadId ?? 0 }),
    enabled: threadId !== null,
    refetchInterval: THREAD_REFRESH_MS,
  });

function useThreadChange<I>(run: (input: I) => Promise<ServiceThreadDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (thread) => {
      queryClient.setQueryData([...DESK_KEY, 'thread', thread.id], thread);
      await queryClient.invalidateQueries({ queryKey: [...DESK_KEY, 'list'] });
    },
  });
}

/** Admin/ReplyServiceThread. */
export const useReplyServiceThread = () =>
  useThreadChange((input: CallRequest<typeof replyServiceThread>) =>
    callApi(replyServiceThread, input),
  );

/** Admin/SetServiceThreadState: close or reopen. */
export const useSetServiceThreadState = () =>
  useThreadChange((input: CallRequest<typeof setServiceThreadState>) =>
    callApi(setServiceThreadState, input),
  );
