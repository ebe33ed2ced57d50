// Electron entry: lifecycle and wiring only; the logic lives in the plain modules beside it.
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { buildAppInfo } from './app-info';
import { resolveAppOrigins, resolveDesktopConfig } from './config';
import type { DesktopConfig } from './config';
import { createAllHandlers, registerBridgeHandlers } from './ipc';
import { buildContentSecurityPolicy } from './security';
import { createHttpClient } from './session/http-client';
import { createMainWindow, guardWebContents, installSessionSecurity } from './windows';
import type { WindowSetup } from './windows';

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
  const appOrigins = resolveAppOrigins(config, rendererDir);
  const setup: WindowSetup = {
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    appOrigins,
    rendererDevUrl: config.rendererDevUrl,
    rendererIndexFile: join(rendererDir, 'index.html'),
  };

  installSessionSecurity(
    buildContentSecurityPolicy(config.serverUrl, { dev: config.rendererDevUrl !== null }),
    appOrigins,
  );
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, setup));

  const httpClient = await createHttpClient({
    serverUrl: config.serverUrl,
    storageDir: app.getPath('userData'),
    onJarRecovered: (movedTo) =>
      console.warn(
        `[wenyang] 登录状态文件损坏，已移到 ${movedTo} / Corrupt cookie jar moved aside`,
      ),
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
    httpClient,
  });
  registerBridgeHandlers(handlers, appOrigins);

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
