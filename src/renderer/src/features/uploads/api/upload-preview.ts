import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadsBridge } from './uploads-bridge';

/** The ~400 px preview main made while preparing; keyed by content, so copies share one. */
export const uploadPreviewQueryOptions = (itemId: string, sha256: string | null, ready: boolean) =>
  queryOptions({
    queryKey: ['uploads', 'preview', sha256 ?? itemId],
    queryFn: () => uploadsBridge().getPreview(itemId),
    staleTime: Infinity,
    // The preview exists once the file has been prepared (it is being sent, or was).
    enabled: ready && sha256 !== null,
  });

export const useUploadPreview = (itemId: string, sha256: string | null, ready: boolean) =>
  useQuery(uploadPreviewQueryOptions(itemId, sha256, ready));
