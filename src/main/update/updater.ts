// Electron glue of auto-update: electron-updater's autoUpdater (generic provider, the marketplace's
// /desktop/releases/ feed), driven by the plain policy in update-policy.ts. Thin on purpose.
import { BrowserWindow, dialog } from 'electron';
import electronUpdater from 'electron-updater';
import type { UpdateInfo } from 'electron-updater';
import { PRODUCT_NAME } from '../app-info';
import { readReleaseFeed, releasesFeedUrl } from './release-feed';
import { createUpdatePolicy } from './update-policy';
import type { UpdateOffer, UpdatePolicy, UpdateState } from './update-policy';

export function startAutoUpdate(options: {
  serverUrl: string;
  currentVersion: string;
  uploadsBusy: () => boolean;
  onState?: (state: UpdateState) => void;
  /** Before quitAndInstall: lets the app close windows for real instead of hiding them in the tray. */
  beforeInstall: () => void;
}): UpdatePolicy {
  const { autoUpdater } = electronUpdater;
  const feedBaseUrl = releasesFeedUrl(options.serverUrl);
  autoUpdater.setFeedURL({ provider: 'generic', url: feedBaseUrl });
  autoUpdater.autoDownload = true;
  // Installing is the user's choice (asked by the policy), never a side effect of quitting.
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.allowPrerelease = false;

  const ask = async (offer: UpdateOffer): Promise<boolean> => {
    const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
    const box = {
      type: 'info' as const,
      title: PRODUCT_NAME,
      message: `纹样 ${offer.version} 已下载完成`,
      detail: `${offer.notes ? `更新内容：\n${offer.notes}\n\n` : ''}重启纹样即可完成更新。`,
      buttons: ['立即重启', '稍后'],
      defaultId: 0,
      cancelId: 1,
    };
    const { response } = window
      ? await dialog.showMessageBox(window, box)
      : await dialog.showMessageBox(box);
    return response === 0;
  };

  const policy = createUpdatePolicy({
    currentVersion: options.currentVersion,
    readFeed: () =>
      readReleaseFeed({ feedBaseUrl, platform: process.platform, arch: process.arch }),
    startDownload: async () => {
      // With autoDownload, the check goes on to download and verify (SHA-512) in the background.
      await autoUpdater.checkForUpdates();
    },
    ask,
    install: () => {
      options.beforeInstall();
      autoUpdater.quitAndInstall(false, true);
    },
    uploadsBusy: options.uploadsBusy,
    ...(options.onState && { onState: options.onState }),
  });

  autoUpdater.on('download-progress', (progress: { percent: number }) =>
    policy.progress(progress.percent),
  );
  autoUpdater.on('update-downloaded', (info: UpdateInfo) => {
    void policy.downloaded({ version: info.version, releaseNotes: info.releaseNotes });
  });
  autoUpdater.on('update-not-available', () => policy.notAvailable());
  autoUpdater.on('error', (error: Error) => {
    console.error('[wenyang] 自动更新失败 / Auto-update failed:', error);
    policy.failed(error);
  });
  policy.start();
  return policy;
}
