import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followHall } from '@shared/contract/designers';
import { callApi } from '../../../api/api-client';

export const setDesignerFollow = (userId: number, follow: boolean) =>
  callApi(followHall, { userId, follow });

/** Shop/FollowHall: follow or unfollow a designer's shop; profiles and my follows refresh. */
export type FollowChange = { isFollowed: boolean; followerCount: number };

export function useFollowDesigner(onChanged?: (change: FollowChange) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: number; follow: boolean }) =>
      setDesignerFollow(userId, follow),
    onSuccess: async (change) => {
      onChanged?.(change);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['designers'] }),
        queryClient.invalidateQueries({ queryKey: ['collections', 'follows'] }),
      ]);
    },
  });
}
