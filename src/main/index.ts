// Electron entry: lifecycle and wiring only; the logic lives in the plain modules beside it.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, protocol } from 'electron';
import type { OpenDialogOptions } from 'electron';
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
import { createAllHandlers, registerBridgeHandlers, sendBridgeEvent } from './ipc';
import { buildContentSecurityPolicy } from './security';
import { openDownloadSettings } from './downloads/download-settings';
import { createFileSaver } from './downloads/save-file';
import { createDesktopSession } from './session/desktop-session';
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

async function start(config: DesktopConfig): Promise<void> {
  await app.whenReady();
  const rendererDir = join(import.meta.dirname, '../renderer');
  const dev = config.rendererDevUrl !== null;
  const policy = buildContentSecurityPolicy(config.serverUrl, { dev });
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

  // Created after the session (it sends with the session's client); told of every session change.
  let uploads: UploadService | null = null;
  const desktopSession = await createDesktopSession({
    serverUrl: config.serverUrl,
    storageDir: app.getPath('userData'),
    onJarRecovered: (movedTo) =>
      console.warn(
        `[wenyang] 登录状态文件损坏，已移到 ${movedTo} / Corrupt cookie jar moved aside`,
      ),
    onChange: (state, reason) => {
      uploads?.sessionChanged(state, reason);
      // Spec §8: a failed renewal clears the session and goes home. The renderer cannot see the timer,
      // so main takes it there; a 401 answer to the renderer's own request is handled by the renderer.
      if (reason === 'renewal-failed' || reason === 'expired') sendAppWindowsHome(setup);
    },
  });
  app.on('before-quit', () => desktopSession.dispose());

  // The watched-folder batch upload; its queue journal lives in the user-data folder. If it cannot
  // start, the rest of the app still works and the page shows why.
  let uploadCalls: UploadCalls;
  try {
    const uploadService = await startUploadService({
      userDataDir: app.getPath('userData'),
      http: desktopSession.http,
      signedIn: (await desktopSession.getState()).signedIn,
      onChange: (payload) =>
        sendBridgeEvent({ namespace: 'uploads', event: 'onChange', payload }, setup.appOrigins),
    });
    uploads = uploadService;
    uploadCalls = uploadService;
    // Running uploads are cut off; the journal queues them again at the next start.
    app.on('before-quit', () => void uploadService.close());
  } catch (error) {
    console.error('[wenyang] 上传服务无法启动 / Upload service failed to start:', error);
    uploadCalls = unavailableUploads(messageOf(error));
  }

  const pickFolder = async (title: string): Promise<string | null> => {
    const options: OpenDialogOptions = { title, properties: ['openDirectory', 'createDirectory'] };
    const owner = BrowserWindow.getFocusedWindow();
    const result = owner
      ? await dialog.showOpenDialog(owner, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
  const downloads = await openDownloadSettings({
    dir: app.getPath('userData'),
    defaultFolder: app.getPath('downloads'),
  });

  const fileSaver = await createFileSaver({
    http: desktopSession.http,
    folder: async () => (await downloads.get()).folder,
    recordsDir: app.getPath('userData'),
    onProgress: (payload) =>
      sendBridgeEvent({ namespace: 'downloads', event: 'onProgress', payload }, setup.appOrigins),
  });

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
  });
  registerBridgeHandlers(handlers, setup.appOrigins);

  let mainWindow = createMainWindow(setup);
  app.on('second-instance', () => {
    if (mainWindow.isDestroyed()) mainWindow = createMainWindow(setup);
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow(setup);
  });
}

// A second launch focuses the running app instead of opening another cookie jar writer.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
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
