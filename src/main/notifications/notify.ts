// Electron glue of system notifications: shows what notification-texts.ts and review-notices.ts say.
import { Notification } from 'electron';
import type { DesktopNotice } from './notification-texts';

export function showNotice(
  notice: DesktopNotice,
  actions: { openPath: (path: string) => void; showFile: (path: string) => void },
): void {
  if (!Notification.isSupported()) return;
  const shown = new Notification({ title: notice.title, body: notice.body, silent: false });
  shown.on('click', () => {
    if (notice.showFile !== undefined) actions.showFile(notice.showFile);
    else if (notice.openPath !== undefined) actions.openPath(notice.openPath);
  });
  shown.show();
}
