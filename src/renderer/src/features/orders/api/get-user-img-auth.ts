import { useMutation } from '@tanstack/react-query';
import { getUserImgAuth } from '@shared/contract/orders';
import { callApi } from '../../../api/api-client';
import type { OriginalToSave, SaveOriginal } from '../../../lib/save-original';

/** User/GetUserImgAuth: a short-lived signed link to the licensed original. */
export const fetchUserImgAuth = (creationId: number) => callApi(getUserImgAuth, { creationId });

/** 下载原图: a fresh signed link, then the save the app gives (named and placed by 下载设置). */
export const useDownloadOriginal = (saveOriginal: SaveOriginal) =>
  useMutation({
    mutationFn: async (original: Omit<OriginalToSave, 'url'>) => {
      const file = await fetchUserImgAuth(original.workId);
      return saveOriginal({ ...original, url: file.url });
    },
  });
