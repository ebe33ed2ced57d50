import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackTarget } from '@shared/contract/collections';
import { clearMyTrack } from '@shared/contract/collections';
import { callApi } from '../../../api/api-client';

export const removeTrack = (targetType: TrackTarget, targetId?: number) =>
  callApi(clearMyTrack, targetId === undefined ? { targetType } : { targetType, targetId });

/** Removes one entry of the browse history, or all of one kind. */
export function useClearTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ targetType, targetId }: { targetType: TrackTarget; targetId?: number }) =>
      removeTrack(targetType, targetId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['collections', 'track'] }),
  });
}
