// Security rules of the desktop host as plain functions; the Electron glue in windows.ts applies them.
// The checklist (docs/desktop-product.md): context isolation, sandbox and no Node in pages
// (secureWebPreferences, webPreferencesProblems); navigation and window.open only to the app
// (isAllowedNavigation); permissions refused unless listed (isPermissionGranted); the app:// protocol
// serving only the built renderer (app-protocol.ts resolveAppPath); a CSP (buildContentSecurityPolicy).
import type { WebPreferences } from 'electron';
import { APP_ORIGIN, APP_SCHEME } from './app-protocol';

/** The options every window of the app gets: isolated, sandboxed, no Node, no webview. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
  };
}

/**
 * What is wrong with a page's options (empty when nothing): checked on every web contents as it is
 * created, so a window opened some other way than createMainWindow cannot weaken the rules unseen.
 * Electron's defaults count as what they are (contextIsolation, sandbox and webSecurity default to on).
 */
export function webPreferencesProblems(prefs: WebPreferences | null | undefined): string[] {
  if (!prefs) return ['no web preferences'];
  const problems: string[] = [];
  if (prefs.contextIsolation === false) problems.push('contextIsolation is off');
  if (prefs.sandbox === false) problems.push('sandbox is off');
  if (prefs.nodeIntegration === true) problems.push('nodeIntegration is on');
  if (prefs.nodeIntegrationInSubFrames === true) problems.push('nodeIntegrationInSubFrames is on');
  if (prefs.nodeIntegrationInWorker === true) problems.push('nodeIntegrationInWorker is on');
  if (prefs.webSecurity === false) problems.push('webSecurity is off');
  if (prefs.allowRunningInsecureContent === true)
    problems.push('allowRunningInsecureContent is on');
  if (prefs.webviewTag === true) problems.push('webviewTag is on');
  if (prefs.experimentalFeatures === true) problems.push('experimentalFeatures is on');
  if (typeof prefs.enableBlinkFeatures === 'string' && prefs.enableBlinkFeatures !== '') {
    problems.push('enableBlinkFeatures is set');
  }
  return problems;
}

/**
 * The app page an in-app path (a notification's link, a deep link's route) opens, or null when the
 * path could leave the app (`//evil.example`, `javascript:`, another origin).
 */
export function appPageUrl(
  path: string,
  startUrl: string,
  appOrigins: readonly string[],
): string | null {
  if (!/^\/(?![/\\])/.test(path) || [...path].some((char) => char < ' ' || char === '\u007f')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(path, startUrl);
  } catch {
    return null;
  }
  return isAppUrl(url.href, appOrigins) ? url.href : null;
}

export type ContentSecurityPolicyOptions = {
  /** Development build served by the Vite dev server (React refresh preamble, HMR web socket). */
  dev: boolean;
  /** Where public images are redirected to (WENYANG_MEDIA_URL's origin), allowed for images only. */
  mediaOrigin?: string | null;
};

type PolicyDirectives = ReadonlyArray<readonly [directive: string, sources: readonly string[]]>;

/** The Content-Security-Policy header value for the app's own pages. */
export function buildContentSecurityPolicy(
  serverUrl: string,
  options: ContentSecurityPolicyOptions,
): string {
  // CSP source paths without a trailing slash match one exact path, so the server is allowed by origin.
  const server = new URL(serverUrl).origin;
  // The built app is served from app://wenyang; naming it beside 'self' does not rely on how a browser
  // matches 'self' for a custom scheme. In development 'self' is the dev server.
  const self = options.dev ? ["'self'"] : ["'self'", APP_ORIGIN];
  const directives: PolicyDirectives = [
    ['default-src', self],
    // Vite's React refresh preamble is an inline module script, needed only in development.
    ['script-src', options.dev ? [...self, "'unsafe-inline'"] : self],
    // antd renders its styles with css-in-js into <style> elements.
    ['style-src', [...self, "'unsafe-inline'"]],
    [
      'img-src',
      [
        ...self,
        'data:',
        'blob:',
        server,
        ...(options.mediaOrigin && options.mediaOrigin !== server ? [options.mediaOrigin] : []),
      ],
    ],
    ['font-src', [...self, 'data:']],
    ['connect-src', options.dev ? [...self, server, 'ws:'] : [...self, server]],
    ['worker-src', [...self, 'blob:']],
    // The login dialog frames the account site on the server (`<serverUrl>/account/`).
    ['frame-src', [server]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', [...self, server]],
  ];
  return directives.map(([directive, sources]) => `${directive} ${sources.join(' ')}`).join('; ');
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

// Origins the app's pages can live on: the built app's own scheme, or the dev server. Never file://,
// where every local file would share the app's rights.
const APP_URL_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', `${APP_SCHEME}:`]);

function matchesAppOrigin(target: URL, appOrigin: string): boolean {
  const origin = parseUrl(appOrigin);
  if (origin === null || !APP_URL_SCHEMES.has(origin.protocol)) return false;
  // Node keeps a custom scheme's host as written; Chromium lower-cases it for a standard scheme.
  return (
    target.protocol === origin.protocol && target.host.toLowerCase() === origin.host.toLowerCase()
  );
}

/**
 * Whether `url` belongs to the app itself. `appOrigins` holds the built app's origin (`app://wenyang`)
 * or, in development, the dev server origin (`http://localhost:5173`).
 */
export function isAppUrl(url: string, appOrigins: readonly string[]): boolean {
  const target = parseUrl(url);
  if (target === null || target.username !== '' || target.password !== '') return false;
  return appOrigins.some((appOrigin) => matchesAppOrigin(target, appOrigin));
}

/** Whether the app's window may navigate (or open a new app window) to `targetUrl`. */
export function isAllowedNavigation(targetUrl: string, appOrigins: readonly string[]): boolean {
  return isAppUrl(targetUrl, appOrigins);
}

/** Whether `url` may be handed to the operating system (`shell.openExternal`). */
export function isSafeExternalUrl(url: string): boolean {
  const target = parseUrl(url.trim());
  if (target === null) return false;
  if (target.protocol === 'mailto:') return target.pathname.length > 0;
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  // Credentials in a link are a classic disguise (`https://bank.com@evil.example`).
  return target.hostname !== '' && target.username === '' && target.password === '';
}

export type PermissionRequestFacts = {
  /** URL of the frame that asks. */
  requestingUrl: string;
  /** For `openExternal`: the link the page wants the operating system to open. */
  externalUrl?: string;
};

// Copying a work's link and full-screen previews are all the app needs from the browser.
const APP_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'fullscreen']);

/** Whether a permission request from a page is granted; everything not needed is refused. */
export function isPermissionGranted(
  permission: string,
  facts: PermissionRequestFacts,
  appOrigins: readonly string[],
): boolean {
  if (!isAppUrl(facts.requestingUrl, appOrigins)) return false;
  if (permission === 'openExternal') return isSafeExternalUrl(facts.externalUrl ?? '');
  return APP_PERMISSIONS.has(permission);
}

/**
 * The response headers an app page is served with: any CSP the response brought is replaced by the
 * app's own; responses from elsewhere (the marketplace server) are left as they are (null).
 */
export function headersWithContentSecurityPolicy(
  url: string,
  responseHeaders: Readonly<Record<string, string[]>> | undefined,
  policy: string,
  appOrigins: readonly string[],
): Record<string, string[]> | null {
  if (!isAppUrl(url, appOrigins)) return null;
  const headers: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(responseHeaders ?? {})) {
    const lower = name.toLowerCase();
    if (lower !== 'content-security-policy' && lower !== 'content-security-policy-report-only') {
      headers[name] = values;
    }
  }
  headers['Content-Security-Policy'] = [policy];
  return headers;
}
