// The one typed interface between the renderer and the desktop (Electron) host.
// In the browser `window.desktop` is undefined and features fall back to a web path.
// The main process implements it as a namespace-grouped handler map (`satisfies DesktopBridge`);
// the preload forwards exactly these names over one IPC channel addressed `namespace:method`.

export type AppInfo = {
  /** Product name shown to users (纹样). */
  name: string;
  /** Application version from package.json. */
  version: string;
  /** Electron, Chromium and Node versions of the host. */
  versions: { electron: string; chrome: string; node: string };
  /** `process.platform` of the host, e.g. win32, darwin, linux. */
  platform: string;
  /** The marketplace server the desktop talks to, e.g. http://localhost:8080 (no trailing slash). */
  serverUrl: string;
  /** Whether the app runs from a packaged build. */
  packaged: boolean;
};

export type BridgeHttpRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query on the marketplace server, beginning with `/`. */
  path: string;
  headers?: Record<string, string>;
  /** JSON text of the body, if any. */
  body?: string;
  timeoutMs?: number;
};

export type BridgeHttpResponse = {
  status: number;
  headers: Record<string, string>;
  /** Response body as text (JSON calls are parsed by the renderer's client). */
  body: string;
};

/** What the renderer may know of the desktop session: never the token itself. */
export type DesktopSessionState = {
  signedIn: boolean;
  /** Access-token expiry, ms since the epoch, or null when signed out. */
  expiration: number | null;
};

/** The account site's login message (§4), handed to the main process to keep in its cookie jar. */
export type DesktopLoginMessage = { token: string; expiration: number; refreshToken: string };

export type DesktopBridge = {
  app: {
    appInfo(): Promise<AppInfo>;
  };
  session: {
    /** Stores the login message in the main process's cookie jar (persisted) and starts renewal. */
    setLogin(message: DesktopLoginMessage): Promise<DesktopSessionState>;
    getState(): Promise<DesktopSessionState>;
    /** Discards the token on the server (errors ignored) and clears the jar. */
    logout(): Promise<DesktopSessionState>;
  };
  http: {
    /** Sends a request to the marketplace server through the main process, which owns the cookie jar. */
    request(req: BridgeHttpRequest): Promise<BridgeHttpResponse>;
  };
};

/** Names the preload forwards, as `namespace:method` channels. Kept beside the type so both stay in step. */
export const BRIDGE_METHODS = {
  app: ['appInfo'],
  session: ['setLogin', 'getState', 'logout'],
  http: ['request'],
} as const satisfies { [N in keyof DesktopBridge]: readonly (keyof DesktopBridge[N])[] };

/** What the preload sends over the channel; the main process validates every part before dispatching. */
export type BridgeCall = { namespace: string; method: string; args: unknown[] };

/** The single IPC channel name the preload uses; the method is carried in the payload. */
export const BRIDGE_CHANNEL = 'desktop-bridge';
