import { App } from 'antd';
import { useCallback, useState } from 'react';
import type { DownloadProgress } from '@shared/bridge';
import { downloadFileName } from '@shared/rules/download-name';
import { desktopDownloads } from '../../../lib/platform';
import { startBrowserDownload } from '../../../lib/save-original';
import type { OriginalToSave, SaveOriginal } from '../../../lib/save-original';
import { useDownloadNameStore } from '../stores/download-name-store';

// 下载原图 under the settings of /download/setting: on the desktop the main process saves into the
// chosen folder and reports progress; in the browser an <a download> names the file by the same rule.

/** Licensed originals are stored as PNG (the server's /files/ route serves them as they are). */
const ORIGINAL_EXTENSION = 'png';

const nameOf = (rule: Parameters<typeof downloadFileName>[0], original: OriginalToSave) =>
  downloadFileName(rule, {
    workId: original.workId,
    title: original.title,
    orderNo: original.orderNo ?? null,
    extension: ORIGINAL_EXTENSION,
  });

/** `45%`, or `3.2 MB` when the server did not say how big the file is. */
export function progressText(progress: Pick<DownloadProgress, 'received' | 'total'>): string {
  const { received, total } = progress;
  if (total !== null && total > 0) return `${Math.min(100, Math.floor((received / total) * 100))}%`;
  return `${(received / 1024 / 1024).toFixed(1)} MB`;
}

export type SaveOriginalState = {
  /** Hand this to the buttons (features/orders, features/works) through their `saveOriginal` prop. */
  save: SaveOriginal;
  /** The desktop save in progress, or the last one; null in the browser. */
  progress: DownloadProgress | null;
};

export function useSaveOriginal(): SaveOriginalState {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  const save = useCallback<SaveOriginal>(
    async (original) => {
      const desktop = desktopDownloads();
      if (!desktop) {
        const fileName = nameOf(useDownloadNameStore.getState().nameRule, original);
        startBrowserDownload(original.url, fileName);
        return { fileName, savedPath: null };
      }

      // The desktop's rule lives in the main process: read it now, it may have changed elsewhere.
      const { nameRule } = await desktop.getSettings();
      const fileName = nameOf(nameRule, original);
      const key = `save-original:${fileName}`;
      const show = (next: DownloadProgress) => {
        setProgress(next);
        if (!next.done) {
          void message.open({
            key,
            type: 'loading',
            content:
              next.received > 0 || next.total
                ? `正在下载 ${fileName}（${progressText(next)}）`
                : `正在下载 ${fileName}…`,
            duration: 0,
          });
        }
      };
      show({ fileName, received: 0, total: null, done: false });
      const unsubscribe = desktop.onProgress((next) => {
        if (next.fileName === fileName) show(next);
      });
      try {
        const result = await desktop.saveFile({
          path: original.url,
          fileName,
          // Lets the app continue an interrupted download by itself at its next start.
          workId: original.workId,
        });
        if (!result.ok) throw new Error(result.message);
        void message.open({ key, type: 'success', content: `原图已保存到 ${result.savedPath}` });
        return { fileName, savedPath: result.savedPath };
      } catch (err) {
        // The button that asked says why (its onError); the progress message goes.
        message.destroy(key);
        throw err;
      } finally {
        unsubscribe();
      }
    },
    [message],
  );

  return { save, progress };
}
