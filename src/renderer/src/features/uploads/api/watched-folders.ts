import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FolderDefaults, WatchedFolder } from '@shared/upload-queue';
import { uploadsBridge } from './uploads-bridge';
import { uploadQueueKey } from './upload-queue';

export const watchedFoldersKey = ['uploads', 'folders'] as const;

export const watchedFoldersQueryOptions = () =>
  queryOptions({
    queryKey: watchedFoldersKey,
    queryFn: () => uploadsBridge().listFolders(),
    // A folder can go missing while the page is open (moved, unplugged drive).
    refetchInterval: 15_000,
  });

export const useWatchedFolders = () => useQuery(watchedFoldersQueryOptions());

/** Opens the native folder picker; resolves with the added folder, or null when cancelled. */
export function useAddFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => uploadsBridge().addFolder(),
    onSuccess: (folder) => {
      if (folder) void client.invalidateQueries({ queryKey: watchedFoldersKey });
    },
  });
}

export function useUpdateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, defaults }: { folderId: string; defaults: FolderDefaults }) =>
      uploadsBridge().updateFolder(folderId, defaults),
    onSuccess: (folder) =>
      client.setQueryData<WatchedFolder[]>(watchedFoldersKey, (folders) =>
        folders?.map((f) => (f.id === folder.id ? folder : f)),
      ),
  });
}

export function useRemoveFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (folderId: string) => uploadsBridge().removeFolder(folderId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: watchedFoldersKey });
      void client.invalidateQueries({ queryKey: uploadQueueKey });
    },
  });
}
