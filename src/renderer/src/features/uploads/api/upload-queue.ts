import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  DesktopUploadQueueChange,
  DesktopUploadQueueSnapshot,
  DesktopUploadQueueStatus,
} from '@shared/bridge';
import type { UploadRetryTarget } from '@shared/upload-queue';
import { uploadsBridge } from './uploads-bridge';

export const uploadQueueKey = ['uploads', 'queue'] as const;

/** Applies a live change to the page's copy of the queue: changed items replaced, new ones appended. */
export function applyQueueChange(
  snapshot: DesktopUploadQueueSnapshot,
  change: DesktopUploadQueueChange,
): DesktopUploadQueueSnapshot {
  const status = {
    paused: change.paused,
    pauseReason: change.pauseReason,
    totals: change.totals,
    account: change.account,
    holds: change.holds,
  };
  if (change.changed.length === 0 && change.removed.length === 0) return { ...snapshot, ...status };
  const changed = new Map(change.changed.map((item) => [item.id, item]));
  const removed = new Set(change.removed);
  const items = snapshot.items.flatMap((item) => {
    if (removed.has(item.id)) return [];
    const next = changed.get(item.id);
    if (next) changed.delete(item.id);
    return [next ?? item];
  });
  return { ...status, items: [...items, ...changed.values()] };
}

export const uploadQueueQueryOptions = () =>
  queryOptions({
    queryKey: uploadQueueKey,
    queryFn: () => uploadsBridge().getQueue(),
    // Kept current by the bridge's live changes, not by refetching.
    staleTime: Infinity,
  });

/** The queue, live: the main process pushes throttled changes through the bridge. */
export function useUploadQueue() {
  const client = useQueryClient();
  const query = useQuery(uploadQueueQueryOptions());
  useEffect(
    () =>
      uploadsBridge().onChange((change) => {
        if (change.reset) {
          void client.invalidateQueries({ queryKey: uploadQueueKey });
          return;
        }
        client.setQueryData<DesktopUploadQueueSnapshot>(uploadQueueKey, (snapshot) =>
          snapshot ? applyQueueChange(snapshot, change) : snapshot,
        );
      }),
    [client],
  );
  return query;
}

function useQueueCommand<A>(command: (arg: A) => Promise<DesktopUploadQueueStatus>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: command,
    onSuccess: (status) =>
      client.setQueryData<DesktopUploadQueueSnapshot>(uploadQueueKey, (snapshot) =>
        snapshot ? { ...snapshot, ...status } : snapshot,
      ),
  });
}

export const usePauseUploads = () => useQueueCommand<void>(() => uploadsBridge().pause());
export const useResumeUploads = () => useQueueCommand<void>(() => uploadsBridge().resume());
export const useRetryUploads = () =>
  useQueueCommand<UploadRetryTarget>((target) => uploadsBridge().retry(target));

/** Gives a folder held for another account, and its files not yet uploaded, to the signed-in account. */
export const useMoveFolderToAccount = () =>
  useQueueCommand<string>((folderId) => uploadsBridge().moveFolderToAccount(folderId));
