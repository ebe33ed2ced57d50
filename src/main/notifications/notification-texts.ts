// What the desktop's system notifications say (Chinese), as plain data; notify.ts shows them.
import type { FinishedBatch } from '../tray/tray-state';

/** A system notification: its text and what a click on it opens (an in-app path or a saved file). */
export type DesktopNotice = {
  title: string;
  body: string;
  /** In-app path to open on click, e.g. `/user/mywork`. */
  openPath?: string;
  /** A saved file to show in its folder on click. */
  showFile?: string;
};

/** Longest notification body: system notifications cut long text anyway, and less reads better. */
export const NOTIFICATION_BODY_MAX = 120;

export function clip(text: string, max = NOTIFICATION_BODY_MAX): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** A folder batch has finished: n 个作品上传完成 / m 个失败. */
export function batchFinishedNotice(batch: FinishedBatch): DesktopNotice {
  const { uploaded, failed } = batch;
  const title = failed === 0 ? '上传完成' : uploaded === 0 ? '上传失败' : '上传完成，部分失败';
  const parts: string[] = [];
  if (uploaded > 0) parts.push(`${uploaded} 个作品上传完成`);
  if (failed > 0) parts.push(`${failed} 个失败`);
  const body =
    parts.join('，') +
    (failed > 0
      ? '。打开“本地上传”查看原因并重试。'
      : '。作品已存为草稿，可在作品管理中提交审核。');
  return { title, body, openPath: '/user/myPattern/localUpload' };
}

/** A licensed original was saved into the download folder. */
export function originalSavedNotice(savedPath: string, fileName: string): DesktopNotice {
  return { title: '原图已下载', body: clip(`${fileName} 已保存到下载文件夹`), showFile: savedPath };
}

/** Shown once per run, the first time closing the window leaves the app running in the tray. */
export const STILL_RUNNING_NOTICE: DesktopNotice = {
  title: '纹样仍在运行',
  body: '上传会在后台继续。点击托盘图标打开纹样；可在下载设置中关闭“关闭窗口时最小化到托盘”。',
};
