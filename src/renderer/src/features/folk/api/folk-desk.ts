import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import {
  answerFolkAccessRequest,
  getFolkAccessDesk,
  getFolkIntentionDesk,
  grantFolkAccess,
  revokeFolkAccess,
  setFolkIntentionState,
} from '@shared/contract/folk';
import { callApi } from '../../../api/api-client';

/** Admin/GetFolkAccess: entitled users and access requests. */
export const useFolkAccessDesk = () =>
  useQuery({
    queryKey: ['admin', 'folk', 'access'],
    queryFn: () => callApi(getFolkAccessDesk, {}),
    retry: false,
  });

export type FolkIntentionDeskQuery = CallRequest<typeof getFolkIntentionDesk>;

/** Admin/GetFolkIntentions. */
export const useFolkIntentionDesk = (query: FolkIntentionDeskQuery) =>
  useQuery({
    queryKey: ['admin', 'folk', 'intentions', query],
    queryFn: () => callApi(getFolkIntentionDesk, query),
    retry: false,
  });

function useDeskMutation<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'folk'] }),
        queryClient.invalidateQueries({ queryKey: ['folk'] }),
      ]);
    },
  });
}

export const useGrantFolkAccess = () =>
  useDeskMutation((input: CallRequest<typeof grantFolkAccess>) => callApi(grantFolkAccess, input));
export const useRevokeFolkAccess = () =>
  useDeskMutation((input: CallRequest<typeof revokeFolkAccess>) =>
    callApi(revokeFolkAccess, input),
  );
export const useAnswerFolkRequest = () =>
  useDeskMutation((input: CallRequest<typeof answerFolkAccessRequest>) =>
    callApi(answerFolkAccessRequest, input),
  );
export const useSetFolkIntentionState = () =>
  useDeskMutation((input: CallRequest<typeof setFolkIntentionState>) =>
    callApi(setFolkIntentionState, input),
  );
