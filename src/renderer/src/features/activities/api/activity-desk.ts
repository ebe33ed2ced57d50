import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  getActivityParticipants,
  getAdminActivityList,
  getInvitationCodeList,
  issueInvitationCode,
  revokeInvitationCode,
  saveActivity,
} from '@shared/contract/activities';
import type { CallRequest } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

/** Admin/GetActivityList. */
export const adminActivitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'activities', 'list'],
    queryFn: () => callApi(getAdminActivityList, {}),
    retry: false,
  });

export const useAdminActivities = () => useQuery(adminActivitiesQueryOptions());

/** Admin/SaveActivity; afterwards the desk and the public pages read again. */
export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof saveActivity>) => callApi(saveActivity, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'activities'] }),
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
      ]);
    },
  });
}

/** Admin/GetActivityParticipants. */
export const useActivityParticipants = (id: number, pageIndex: number) =>
  useQuery({
    queryKey: ['admin', 'activities', 'participants', id, pageIndex],
    queryFn: () => callApi(getActivityParticipants, { id, pageIndex, pageSize: 20 }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Admin/GetInvitationCodeList. */
export const useInvitationCodes = (pageIndex: number) =>
  useQuery({
    queryKey: ['admin', 'invitations', pageIndex],
    queryFn: () => callApi(getInvitationCodeList, { pageIndex, pageSize: 20 }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Admin/IssueInvitationCode. */
export function useIssueInvitationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof issueInvitationCode>) =>
      callApi(issueInvitationCode, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'invitations'] });
    },
  });
}

/** Admin/RevokeInvitationCode. */
export function useRevokeInvitationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(revokeInvitationCode, { id }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'invitations'] });
    },
  });
}
