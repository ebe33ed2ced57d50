// Electron entry: lifecycle and wiring only; the logic lives in the plain modules beside it.
import { join, resolve } from 'node:path';
import { app, BrowserWindow, dialog, protocol, shell } from 'electron';
import type { OpenDialogOptions } from 'electron';
import type { DesktopUploadQueueStatus } from '../shared/bridge';
import { buildAppInfo } from './app-info';
import {
  APP_ORIGIN,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  APP_START_URL,
  createAppProtocolHandler,
} from './app-protocol';
import { resolveDesktopConfig } from './config';
import type { DesktopConfig } from './config';
import { DEEP_LINK_SCHEME, deepLinkRoute } from './deep-links/deep-link';
import type { DeepLink } from './deep-links/deep-link';
import { createLinkHandOver } from './deep-links/link-hand-over';
import { createLinkedImageInbox, prepareLinkedImage } from './deep-links/linked-image';
import { createAllHandlers, registerBridgeHandlers, sendBridgeEvent } from './ipc';
import {
  STILL_RUNNING_NOTICE,
  batchFinishedNotice,
  originalSavedNotice,
} from './notifications/notification-texts';
import type { DesktopNotice } from './notifications/notification-texts';
import { showNotice } from './notifications/notify';
import { REVIEW_POLL_INTERVAL_MS, openReviewNoticeWatcher } from './notifications/review-notices';
import { appPageUrl, buildContentSecurityPolicy } from './security';
import { openDownloadSettings } from './downloads/download-settings';
import type { DownloadSettingsStore } from './downloads/download-settings';
import { createFileSaver } from './downloads/save-file';
import { createDesktopSession } from './session/desktop-session';
import { createUploadTray } from './tray/tray';
import type { UploadTray } from './tray/tray';
import { closeAction, createTrayModel } from './tray/tray-state';
import type { TrayMenuAction } from './tray/tray-state';
import { uploadsHaveWork } from './update/update-policy';
import type { UpdatePolicy } from './update/update-policy';
import { startAutoUpdate } from './update/updater';
import { startUploadService, unavailableUploads } from './uploads/upload-service';
import type { UploadCalls, UploadService } from './uploads/upload-service';
import {
  createMainWindow,
  guardWebContents,
  installSessionSecurity,
  sendAppWindowsHome,
} from './windows';
import type { WindowSetup } from './windows';

// Must happen before `ready`: the built pages get a real origin (app://wenyang) instead of file://'s "null".
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

function fail(message: string): void {
  console.error(message);
  // showErrorBox is safe before `ready`, so a bad configuration is shown even at start-up.
  dialog.showErrorBox('纹样', message);
  app.exit(1);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function loadConfig(): DesktopConfig | null {
  try {
    return resolveDesktopConfig({ env: process.env, argv: process.argv, packaged: app.isPackaged });
  } catch (error) {
    fail(messageOf(error));
    return null;
  }
}

// wenyang:// links: held until the window can show them (deep-links/link-hand-over.ts).
let openLink: (link: DeepLink) => void = () => undefined;
const links = createLinkHandOver({
  open: (link) => openLink(link),
  refuse: (reason, raw) => {
    console.warn('[wenyang] 拒绝打开链接 / Refused link:', raw);
    void dialog.showMessageBox({ type: 'warning', title: '纹样', message: reason });
  },
});

/** Makes this app the handler of wenyang:// links (in development, with the project folder). */
function registerLinkScheme(): void {
  const entry = process.argv[1];
  const registered =
    process.defaultApp && entry !== undefined
      ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(entry)])
      : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  if (!registered) console.warn('[wenyang] 无法注册 wenyang:// 链接 / Could not register scheme');
}

async function start(config: DesktopConfig): Promise<void> {
  await app.whenReady();
  const rendererDir = join(import.meta.dirname, '../renderer');
  const dev = config.rendererDevUrl !== null;
  const policy = buildContentSecurityPolicy(config.serverUrl, {
    dev,
    mediaOrigin: config.mediaOrigin,
  });
  const setup: WindowSetup = {
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    appOrigins:
      config.rendererDevUrl !== null ? [new URL(config.rendererDevUrl).origin] : [APP_ORIGIN],
    startUrl: config.rendererDevUrl ?? APP_START_URL,
  };

  if (!dev) {
    protocol.handle(
      APP_SCHEME,
      createAppProtocolHandler({ rendererDir, contentSecurityPolicy: policy }),
    );
  }
  installSessionSecurity(policy, setup.appOrigins);
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, setup));
  registerLinkScheme();

  // The window, shown from the tray, a link, a notification or a second launch.
  let mainWindow: BrowserWindow | null = null;
  let quitting = false;
  let tray: UploadTray | null = null;
  let closeToTray = true;
  let toldStillRunning = false;
  app.on('before-quit', () => {
    quitting = true;
  });

  const notify = (notice: DesktopNotice) =>
    showNotice(notice, {
      openPath: (path) => openAppPage(path),
      showFile: (path) => shell.showItemInFolder(path),
    });

  function showMainWindow(): BrowserWindow {
    if (mainWindow === null || mainWindow.isDestroyed()) {
      const window = createMainWindow(setup);
      // Closing keeps the app in the tray while uploads may run (关闭窗口时最小化到托盘).
      window.on('close', (event) => {
        if (closeAction({ closeToTray, quitting, trayAvailable: tray !== null }) === 'close')
          return;
        event.preventDefault();
        window.hide();
        if (!toldStillRunning) {
          toldStillRunning = true;
          notify(STILL_RUNNING_NOTICE);
        }
      });
      mainWindow = window;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    return mainWindow;
  }

  function openAppPage(path: string): void {
    const url = appPageUrl(path, setup.startUrl, setup.appOrigins);
    if (url === null) return;
    showMainWindow()
      .webContents.loadURL(url)
      .catch((error: unknown) => console.error('[wenyang] 无法打开页面 / Could not open:', error));
  }

  // Created after the session (it sends with the session's client); told of every session change.
  let uploads: UploadService | null = null;
  let onSignedIn: () => void = () => undefined;
  const desktopSession = await createDesktopSession({
    serverUrl: config.serverUrl,
    storageDir: app.getPath('userData'),
    onJarRecovered: (movedTo) =>
      console.warn(
        `[wenyang] 登录状态文件损坏，已移到 ${movedTo} / Corrupt cookie jar moved aside`,
      ),
    onChange: (state, reason) => {
      uploads?.sessionChanged(state, reason);
      // A new login (not a renewal of the same one) catches up on notices and interrupted downloads.
      if (state.signedIn && reason === 'login') onSignedIn();
      // Spec §8: a failed renewal clears the session and goes home. The renderer cannot see the timer,
      // so main takes it there; a 401 answer to the renderer's own request is handled by the renderer.
      if (reason === 'renewal-failed' || reason === 'expired') sendAppWindowsHome(setup);
    },
  });
  app.on('before-quit', () => desktopSession.dispose());

  // The tray shows the upload queue; a finished batch is announced; an update waits for the queue.
  const trayModel = createTrayModel();
  let lastStatus: DesktopUploadQueueStatus | null = null;
  let updates: UpdatePolicy | null = null;
  const queueChanged = (status: DesktopUploadQueueStatus) => {
    lastStatus = status;
    const { view, finished } = trayModel.update(status);
    tray?.show(view);
    if (finished) notify(batchFinishedNotice(finished));
    void updates?.uploadsChanged();
  };

  // The watched-folder batch upload; its queue journal lives in the user-data folder. If it cannot
  // start, the rest of the app still works and the page shows why.
  let uploadCalls: UploadCalls;
  try {
    const uploadService = await startUploadService({
      userDataDir: app.getPath('userData'),
      http: desktopSession.http,
      signedIn: (await desktopSession.getState()).signedIn,
      onChange: (payload) => {
        sendBridgeEvent({ namespace: 'uploads', event: 'onChange', payload }, setup.appOrigins);
        queueChanged(payload);
      },
    });
    uploads = uploadService;
    uploadCalls = uploadService;
    // Running uploads are cut off; the journal queues them again at the next start.
    app.on('before-quit', () => void uploadService.close());
  } catch (error) {
    console.error('[wenyang] 上传服务无法启动 / Upload service failed to start:', error);
    uploadCalls = unavailableUploads(messageOf(error));
  }

  const trayAction = (action: TrayMenuAction) => {
    const run = async () => {
      if (action === 'show') showMainWindow();
      else if (action === 'pause') queueChanged(await uploadCalls.pause());
      else if (action === 'resume') queueChanged(await uploadCalls.resume());
      else if (action === 'retry') queueChanged(await uploadCalls.retry('all'));
      else app.quit();
    };
    run().catch((error: unknown) => console.error('[wenyang] 托盘操作失败 / Tray action:', error));
  };
  // Automation only (tests/e2e/desktop): the tray's view, read in the main process by the spec.
  if (process.env['WENYANG_E2E'] === '1') {
    Object.assign(globalThis, { wenyangTrayView: () => trayModel.view() });
  }
  tray = createUploadTray({
    initial: trayModel.view(),
    onAction: trayAction,
    onClick: () => showMainWindow(),
  });
  if (uploads !== null) {
    uploadCalls
      .getQueue()
      .then(queueChanged)
      .catch(() => undefined);
  }

  const pickFolder = async (title: string): Promise<string | null> => {
    const options: OpenDialogOptions = { title, properties: ['openDirectory', 'createDirectory'] };
    const owner = BrowserWindow.getFocusedWindow();
    const result = owner
      ? await dialog.showOpenDialog(owner, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
  const settingsStore = await openDownloadSettings({
    dir: app.getPath('userData'),
    defaultFolder: app.getPath('downloads'),
  });
  closeToTray = (await settingsStore.get()).closeToTray;
  // Every change of the settings also updates what closing the window does.
  const remember = async <T extends { closeToTray: boolean } | null>(next: Promise<T>) => {
    const settings = await next;
    if (settings !== null) closeToTray = settings.closeToTray;
    return settings;
  };
  const downloads: DownloadSettingsStore = {
    get: () => settingsStore.get(),
    setFolder: (path) => remember(settingsStore.setFolder(path)),
    set: (change) => remember(settingsStore.set(change)),
    reset: () => remember(settingsStore.reset()),
  };

  const fileSaver = await createFileSaver({
    http: desktopSession.http,
    folder: async () => (await downloads.get()).folder,
    recordsDir: app.getPath('userData'),
    onProgress: (payload) =>
      sendBridgeEvent({ namespace: 'downloads', event: 'onProgress', payload }, setup.appOrigins),
    // The page says it too; the notification is for a save that ends while the app is not in front.
    onSaved: (savedPath, fileName) => {
      if (BrowserWindow.getFocusedWindow() === null) {
        notify(originalSavedNotice(savedPath, fileName));
      }
    },
  });

  // Review results from the message centre, announced once each, while signed in.
  const reviews = await openReviewNoticeWatcher({
    http: desktopSession.http,
    dir: app.getPath('userData'),
    notify,
  });
  const whenSignedIn = async (run: () => Promise<unknown>) => {
    if ((await desktopSession.getState()).signedIn) await run();
  };
  const reviewTimer = setInterval(
    () => void whenSignedIn(() => reviews.poll()),
    REVIEW_POLL_INTERVAL_MS,
  );
  app.on('before-quit', () => clearInterval(reviewTimer));
  onSignedIn = () => {
    void reviews.poll();
    // Interrupted downloads of originals continue with fresh signed links.
    void fileSaver.resumePending();
  };
  void whenSignedIn(async () => {
    await reviews.poll();
    await fileSaver.resumePending();
  });

  // A wenyang://search link's image, prepared here and taken by the window.
  const linkedImages = createLinkedImageInbox((name) =>
    sendBridgeEvent(
      { namespace: 'imageSearch', event: 'onLinkedImage', payload: { name } },
      setup.appOrigins,
    ),
  );

  const handlers = createAllHandlers({
    appInfo: () =>
      buildAppInfo({
        version: app.getVersion(),
        processVersions: process.versions,
        platform: process.platform,
        serverUrl: config.serverUrl,
        packaged: app.isPackaged,
      }),
    session: {
      // Uploads stop before the token changes: no file leaves with the next account's token.
      setLogin: (message) =>
        uploads
          ? uploads.duringLogin(() => desktopSession.setLogin(message))
          : desktopSession.setLogin(message),
      getState: () => desktopSession.getState(),
      logout: () => desktopSession.logout(),
    },
    httpClient: desktopSession.http,
    uploads: uploadCalls,
    pickFolder: () => pickFolder('选择要上传的文件夹'),
    downloads,
    fileSaver,
    pickDownloadFolder: () => pickFolder('选择授权原图的保存位置'),
    takeLinkedImage: () => linkedImages.take(),
  });
  registerBridgeHandlers(handlers, setup.appOrigins);

  openLink = (link) => {
    if (link.kind === 'work') {
      openAppPage(deepLinkRoute(link));
      return;
    }
    const { image } = link;
    const confirmLocal = async (): Promise<boolean> => {
      if (image.kind !== 'file') return true;
      // A link from any web page could name any picture on this computer: the user says yes first.
      const { response } = await dialog.showMessageBox(showMainWindow(), {
        type: 'question',
        title: '纹样',
        message: '用这张本机图片搜索相似纹样？',
        detail: image.path,
        buttons: ['搜 索', '取 消'],
        defaultId: 0,
        cancelId: 1,
      });
      return response === 0;
    };
    void confirmLocal().then(async (yes) => {
      if (!yes) return;
      showMainWindow();
      linkedImages.put(await prepareLinkedImage(image, { tempDir: app.getPath('temp') }));
    });
  };

  showMainWindow();
  links.ready();
  app.on('second-instance', (_event, argv) => {
    // A link in the second launch's command line opens here; otherwise the window comes forward.
    if (!links.fromSecondInstance(argv)) showMainWindow();
  });
  app.on('activate', () => showMainWindow());

  // Updates come from the marketplace's release folder; only a packaged app can install them.
  if (app.isPackaged) {
    updates = startAutoUpdate({
      serverUrl: config.serverUrl,
      currentVersion: app.getVersion(),
      uploadsBusy: () => uploadsHaveWork(lastStatus),
      onState: (state) => {
        if (state.kind === 'error') console.warn('[wenyang] 更新 / Update:', state.message);
      },
      beforeInstall: () => {
        quitting = true;
      },
    });
    app.on('before-quit', () => updates?.stop());
  }
}

// A second launch hands its link to the running app instead of opening another cookie jar writer.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // macOS hands links over with open-url, possibly before `ready`.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    links.fromOpenUrl(url);
  });
  // Windows and Linux start the app with the link in its command line.
  links.fromArgv(process.argv);
  const config = loadConfig();
  if (config !== null) {
    app.on('window-all-closed', () => {
      if (process.platform !== 'darwin') app.quit();
    });
    start(config).catch((error: unknown) => {
      fail(`纹样无法启动 / Wenyang could not start: ${messageOf(error)}`);
    });
  }
}
