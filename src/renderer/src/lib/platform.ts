import type { AppInfo, DesktopBridge } from '@shared/bridge';

// The only module that touches `window.desktop`; everything else asks here and gets a web fallback.

declare global {
  // Declaration merging onto Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    desktop?: DesktopBridge;
  }
}

export const desktopBridge = (): DesktopBridge | undefined =>
  typeof window === 'undefined' ? undefined : window.desktop;

export const isDesktop = (): boolean => desktopBridge() !== undefined;

let serverOrigin = '';

/** Reads what the host says about itself; in the browser the server is the page's own origin. */
export async function initPlatform(): Promise<AppInfo | null> {
  const bridge = desktopBridge();
  if (!bridge) {
    serverOrigin = '';
    return null;
  }
  const info = await bridge.app.appInfo();
  serverOrigin = info.serverUrl.replace(/\/$/, '');
  return info;
}

/** Absolute URL of a server path for <img src> and links: same-origin in the browser, the server in the desktop. */
export function serverUrl(path: string): string {
  if (!path || /^(https?:|data:|blob:)/.test(path)) return path;
  return `${serverOrigin}${path}`;
}

/** §2 The account site the login dialog frames; it posts its messages to this page's origin. */
export const accountSiteUrl = (): string =>
  serverUrl(`/account/?origin=${encodeURIComponent(window.location.origin)}`);

/** The only origin whose messages the login dialog trusts: the server's. */
export const accountSiteOrigin = (): string => new URL(serverUrl('/'), window.location.href).origin;

/** The desktop's watched-folder batch upload, or undefined in the browser (which uses the web upload). */
export const desktopUploads = (): DesktopBridge['uploads'] | undefined => desktopBridge()?.uploads;

/** The desktop's sharp-based decoding of dropped local files for image search, or undefined in the browser. */
export const desktopImageSearch = (): DesktopBridge['imageSearch'] | undefined =>
  desktopBridge()?.imageSearch;

/** The desktop's download folder, naming rule and saving of originals, or undefined in the browser. */
export const desktopDownloads = (): DesktopBridge['downloads'] | undefined =>
  desktopBridge()?.downloads;
