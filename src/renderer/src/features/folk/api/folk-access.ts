import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { applyFolkAccess, fetchHasSouthwestEnter, getMyFolkAccess } from '@shared/contract/folk';
import { callApi } from '../../../api/api-client';
import { useUserInfo } from '../../../api/get-user-info';
import { useSessionStore } from '../../../stores/session-store';

/** southwestfolk.FetchHasSouthwestEnter, per signed-in user (guests: false without a call). */
export const folkEntryQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['folk', 'entry', userId],
    queryFn: () => callApi(fetchHasSouthwestEnter, {}),
    staleTime: 60_000,
    retry: false,
  });

/** Whether the header shows 西南民族文化基地 (§2, §6): the server's flag for this user. */
export function useFolkEntry(): boolean {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const info = useUserInfo();
  const userId = info.data?.userId ?? 0;
  const entry = useQuery({ ...folkEntryQueryOptions(userId), enabled: signedIn && userId > 0 });
  return signedIn && entry.data === true;
}

/** southwestfolk.GetMyAccess: the entitlement and the newest access request. */
export const myFolkAccessQueryOptions = () =>
  queryOptions({
    queryKey: ['folk', 'my-access'],
    queryFn: () => callApi(getMyFolkAccess, {}),
    retry: false,
  });

export const useMyFolkAccess = (enabled: boolean) =>
  useQuery({ ...myFolkAccessQueryOptions(), enabled });

/** southwestfolk.ApplyEnter. */
export function useApplyFolkAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallRequest<typeof applyFolkAccess>) => callApi(applyFolkAccess, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['folk', 'my-access'] });
    },
  });
}
