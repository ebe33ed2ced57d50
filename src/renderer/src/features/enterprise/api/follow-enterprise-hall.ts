import { useMutation, useQueryClient } from '@tanstack/react-query';
import { followEnterpriseHall } from '@shared/contract/enterprise';
import { callApi } from '../../../api/api-client';

export const setHallFollow = (userId: number, follow: boolean) =>
  callApi(followEnterpriseHall, { userId, follow });

export function useFollowHall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: number; follow: boolean }) =>
      setHallFollow(userId, follow),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['enterprise'] }),
        queryClient.invalidateQueries({ queryKey: ['collections', 'follows'] }),
      ]);
    },
  });
}
