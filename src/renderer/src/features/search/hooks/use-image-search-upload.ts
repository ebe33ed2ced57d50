import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { paths } from '../../../config/paths';
import { searchNavigationState } from '../../../lib/search-origin';
import { imageResultsQueryOptions } from '../api/image-search-by-url';
import { uploadSearchImage } from '../api/image-search-upload';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';
import { prepareSearchFiles, searchUploadCountProblem } from '../lib/image-upload-files';
import type { SearchUploadMode } from '../lib/image-upload-files';
import { useImageSearchStore } from '../store/image-search-store';
import { usePicBatchStore } from '../store/pic-batch-store';

const MESSAGE_KEY = 'image-search-upload';

export type ImageSearchUpload = {
  /**
   * Searches with what was chosen, dropped or pasted: the §5 checks (their messages shown), then
   * one file → search, keep it as the session's image and open /search/picSearch; several (only
   * where `mode` is 'multi') → /search/picBatch. Resolves whether it went ahead.
   */
  upload: (files: readonly File[], mode?: SearchUploadMode) => Promise<boolean>;
  busy: boolean;
};

/** The one upload path of image search: the landing, the results page, the header, the desktop drop. */
export function useImageSearchUpload(): ImageSearchUpload {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const upload = useCallback(
    async (files: readonly File[], mode: SearchUploadMode = 'multi'): Promise<boolean> => {
      const countProblem = searchUploadCountProblem(files, mode);
      if (countProblem) {
        message.error({ key: MESSAGE_KEY, content: countProblem });
        return false;
      }
      const state = searchNavigationState(location);
      if (files.length > 1) {
        usePicBatchStore.getState().start(files);
        void navigate(paths.picBatch, { state });
        return true;
      }
      setBusy(true);
      try {
        const [prepared] = await prepareSearchFiles(files);
        if (!prepared?.ok) {
          message.error({ key: MESSAGE_KEY, content: prepared?.message ?? MSG.operationFailed });
          return false;
        }
        message.open({ key: MESSAGE_KEY, type: 'loading', content: TEXT.searching, duration: 0 });
        const store = useImageSearchStore.getState();
        const { ignoreColor } = store.options;
        const result = await uploadSearchImage(prepared.file, { ignoreColor });
        store.setImage(result.query);
        // The upload answered with the first page: the results page shows it without asking again.
        queryClient.setQueryData(
          imageResultsQueryOptions({ url: result.query.copyUrl, ignoreColor }).queryKey,
          { pages: [result], pageParams: [1] },
        );
        message.destroy(MESSAGE_KEY);
        void navigate(paths.picSearch, { state });
        return true;
      } catch (error) {
        message.error({
          key: MESSAGE_KEY,
          content: error instanceof Error ? error.message : MSG.operationFailed,
        });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [location, message, navigate, queryClient],
  );

  return { upload, busy };
}
