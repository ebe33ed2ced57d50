// Window creation and the Electron side of the security rules in security.ts.
import { BrowserWindow, session, shell } from 'electron';
import type { BrowserWindowConstructorOptions, WebContents } from 'electron';
import { OLD_BROWSER_MIN_WIDTH_PX } from '../shared/constants';
import { PRODUCT_NAME } from './app-info';
import {
  headersWithContentSecurityPolicy,
  isAllowedNavigation,
  isAppUrl,
  isPermissionGranted,
  isSafeExternalUrl,
  secureWebPreferences,
  webPreferencesProblems,
} from './security';

export type WindowSetup = {
  /** Built preload script (CommonJS, because sandboxed preloads cannot be ES modules). */
  preloadPath: string;
  /** Origins of the app's own pages: `app://wenyang`, or the dev server's origin in development. */
  appOrigins: readonly string[];
  /** The app's home: `app://wenyang/`, or the Vite dev server URL in development. */
  startUrl: string;
};

// Every app window, including the ones the app opens on its own routes, gets the same options.
function appWindowOptions(setup: WindowSetup): BrowserWindowConstructorOptions {
  const webPreferences = secureWebPreferences(setup.preloadPath);
  // Checked where every window (the main one and those window.open makes) gets its options.
  const problems = webPreferencesProblems(webPreferences);
  if (problems.length > 0) throw new Error(`Insecure web preferences: ${problems.join(', ')}`);
  return {
    title: PRODUCT_NAME,
    width: 1440,
    height: 900,
    minWidth: OLD_BROWSER_MIN_WIDTH_PX,
    minHeight: 700,
    show: false,
    autoHideMenuBar: true,
    webPreferences,
  };
}

function openExternally(url: string): void {
  if (!isSafeExternalUrl(url)) return;
  shell.openExternal(url).catch((error: unknown) => {
    console.error('[wenyang] 无法打开外部链接 / Could not open external link:', url, error);
  });
}

/** Creates and loads the main window. */
export function createMainWindow(setup: WindowSetup): BrowserWindow {
  const window = new BrowserWindow(appWindowOptions(setup));
  window.once('ready-to-show', () => window.show());
  loadApp(window.webContents, setup.startUrl);
  return window;
}

function loadApp(contents: WebContents, url: string): void {
  contents.loadURL(url).catch((error: unknown) => {
    console.error('[wenyang] 无法加载界面 / Could not load the app pages:', error);
  });
}

/** Sends every window showing the app back to its home page (spec §8: a failed renewal goes home). */
export function sendAppWindowsHome(setup: WindowSetup): void {
  const home = new URL('/', setup.startUrl).href;
  for (const window of BrowserWindow.getAllWindows()) {
    if (window.isDestroyed()) continue;
    if (isAppUrl(window.webContents.getURL(), setup.appOrigins)) loadApp(window.webContents, home);
  }
}

/** Limits where any web contents may navigate or open windows; apply from `web-contents-created`. */
export function guardWebContents(contents: WebContents, setup: WindowSetup): void {
  contents.on('will-navigate', (event) => {
    if (isAllowedNavigation(event.url, setup.appOrigins)) return;
    event.preventDefault();
    // A plain external link leaves the app for the user's browser instead of replacing the app.
    openExternally(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (event.isMainFrame && !isAllowedNavigation(event.url, setup.appOrigins))
      event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedNavigation(url, setup.appOrigins)) {
      return {
        action: 'allow',
        overrideBrowserWindowOptions: { ...appWindowOptions(setup), show: true },
      };
    }
    openExternally(url);
    return { action: 'deny' };
  });
}

/** Session-wide rules: the CSP header on the app's own pages, and the permission allow-list. */
export function installSessionSecurity(policy: string, appOrigins: readonly string[]): void {
  const { webRequest } = session.defaultSession;
  // Electron keeps one onHeadersReceived listener per session; this is it.
  webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = headersWithContentSecurityPolicy(
      details.url,
      details.responseHeaders,
      policy,
      appOrigins,
    );
    callback(responseHeaders === null ? {} : { responseHeaders });
  });
  // Synchronous permission checks (e.g. navigator.permissions.query) follow the same allow-list.
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, { requestingUrl: requestingOrigin }, appOrigins),
  );
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const externalUrl = 'externalURL' in details ? details.externalURL : undefined;
    callback(
      isPermissionGranted(
        permission,
        { requestingUrl: details.requestingUrl, ...(externalUrl !== undefined && { externalUrl }) },
        appOrigins,
      ),
    );
  });
}
