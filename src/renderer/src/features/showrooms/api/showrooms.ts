import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import {
  acceptShowRoomInvite,
  addShowRoom,
  addShowRoomWorks,
  createShowRoomShare,
  deleteShowRooms,
  getCandidateWorks,
  getCooperation,
  getLockHistory,
  getMyShowRooms,
  getShowRoom,
  getShowRoomShares,
  inviteShowRoomMember,
  leaveShowRoom,
  lockShowRoom,
  removeShowRoomMember,
  removeShowRoomWork,
  revokeShowRoomShare,
  sortShowRoomWorks,
  unlockShowRoom,
  updateShowRoomSetting,
  viewSharedShowRoom,
} from '@shared/contract/showrooms';
import type { CandidateSource } from '@shared/contract/showrooms';
import { callApi } from '../../../api/api-client';

// 我的展厅 (docs/showrooms.md): every call of the feature, as queries and mutations.

const KEY = 'showrooms';
const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export const useMyShowRooms = () =>
  useQuery({ queryKey: [KEY, 'mine'], queryFn: () => callApi(getMyShowRooms, {}) });

export const useShowRoom = (showRoomId: number) =>
  useQuery({
    queryKey: [KEY, 'hall', showRoomId],
    queryFn: () => callApi(getShowRoom, { showRoomId }),
    enabled: validId(showRoomId),
    retry: false,
  });

export const useCandidateWorks = (source: CandidateSource, pageIndex: number, pageSize: number) =>
  useQuery({
    queryKey: [KEY, 'candidates', source, pageIndex, pageSize],
    queryFn: () => callApi(getCandidateWorks, { source, pageIndex, pageSize }),
    placeholderData: keepPreviousData,
  });

export const useShares = (showRoomId: number) =>
  useQuery({
    queryKey: [KEY, 'shares', showRoomId],
    queryFn: () => callApi(getShowRoomShares, { showRoomId }),
    enabled: validId(showRoomId),
    retry: false,
  });

export const useCooperation = () =>
  useQuery({ queryKey: [KEY, 'cooperation'], queryFn: () => callApi(getCooperation, {}) });

export const useLockHistory = (showRoomId: number) =>
  useQuery({
    queryKey: [KEY, 'locks', showRoomId],
    queryFn: () => callApi(getLockHistory, { showRoomId }),
    enabled: validId(showRoomId),
    retry: false,
  });

/** The public view of a share link; `code` is '' until the visitor types one. */
export const useSharedShowRoom = (token: string, code: string) =>
  useQuery({
    queryKey: [KEY, 'shared', token, code],
    queryFn: () => callApi(viewSharedShowRoom, { token, code }),
    enabled: token !== '',
    retry: false,
  });

/** After any change every showroom query is refetched: lists, counts and the hall agree. */
function useShowroomMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useAddShowRoom = () =>
  useShowroomMutation((input: CallRequest<typeof addShowRoom>) => callApi(addShowRoom, input));
export const useAddWorks = () =>
  useShowroomMutation((input: CallRequest<typeof addShowRoomWorks>) =>
    callApi(addShowRoomWorks, input),
  );
export const useRemoveWork = () =>
  useShowroomMutation((input: CallRequest<typeof removeShowRoomWork>) =>
    callApi(removeShowRoomWork, input),
  );
export const useSortWorks = () =>
  useShowroomMutation((input: CallRequest<typeof sortShowRoomWorks>) =>
    callApi(sortShowRoomWorks, input),
  );
export const useUpdateSetting = () =>
  useShowroomMutation((input: CallRequest<typeof updateShowRoomSetting>) =>
    callApi(updateShowRoomSetting, input),
  );
export const useDeleteShowRooms = () =>
  useShowroomMutation((showRoomIds: number[]) => callApi(deleteShowRooms, { showRoomIds }));
export const useCreateShare = () =>
  useShowroomMutation((input: CallRequest<typeof createShowRoomShare>) =>
    callApi(createShowRoomShare, input),
  );
export const useRevokeShare = () =>
  useShowroomMutation((shareId: number) => callApi(revokeShowRoomShare, { shareId }));
export const useInviteMember = () =>
  useShowroomMutation((input: CallRequest<typeof inviteShowRoomMember>) =>
    callApi(inviteShowRoomMember, input),
  );
export const useRemoveMember = () =>
  useShowroomMutation((input: CallRequest<typeof removeShowRoomMember>) =>
    callApi(removeShowRoomMember, input),
  );
export const useAcceptInvite = () =>
  useShowroomMutation((showRoomId: number) => callApi(acceptShowRoomInvite, { showRoomId }));
export const useLeaveShowRoom = () =>
  useShowroomMutation((showRoomId: number) => callApi(leaveShowRoom, { showRoomId }));
export const useSetLock = () =>
  useShowroomMutation(({ showRoomId, lock }: { showRoomId: number; lock: boolean }) =>
    callApi(lock ? lockShowRoom : unlockShowRoom, { showRoomId }),
  );
