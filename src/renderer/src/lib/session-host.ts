import type { DesktopLoginMessage, DesktopSessionState } from '@shared/bridge';
import { COOKIE } from '@shared/constants';
import { clearAllCookies, readCookie, writeCookie } from './cookies';
import { desktopBridge } from './platform';

// Where the session lives (§4): the browser keeps three cookies on the top-level domain; the desktop's
// main process keeps them in its own cookie jar and renews the token itself. The renderer asks here.

/** How long the refresh-token cookie outlives the access token (the spec gives no lifetime). */
const REFRESH_COOKIE_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionHost = {
  kind: 'web' | 'desktop';
  /** Whether a token is present, and when it expires (ms since the epoch). */
  read(): Promise<DesktopSessionState>;
  /** Keeps the account site's login message. */
  saveLogin(login: DesktopLoginMessage): Promise<void>;
  /** Forgets the session here. The desktop host also discards the token on the server. */
  clear(): Promise<void>;
};

const webHost: SessionHost = {
  kind: 'web',
  read: async () => {
    const token = readCookie(COOKIE.token);
    const expiration = Number(readCookie(COOKIE.expiration));
    return {
      signedIn: Boolean(token),
      expiration: token && Number.isFinite(expiration) && expiration > 0 ? expiration : null,
    };
  },
  saveLogin: async ({ token, expiration, refreshToken }) => {
    writeCookie(COOKIE.token, token, expiration);
    writeCookie(COOKIE.expiration, String(expiration), expiration);
    writeCookie(
      COOKIE.refreshToken,
      refreshToken,
      Math.max(expiration, Date.now()) + REFRESH_COOKIE_MS,
    );
  },
  clear: async () => clearAllCookies(),
};

/** Web only: the token and refresh token the renewal and discard calls carry in their query. */
export const webTokens = () => ({
  token: readCookie(COOKIE.token),
  refreshToken: readCookie(COOKIE.refreshToken),
});

/** Web only (§4 renewal): the token lives on with a new expiry. */
export function extendWebSession(expiration: number): void {
  const token = readCookie(COOKIE.token);
  if (!token) return;
  writeCookie(COOKIE.token, token, expiration);
  writeCookie(COOKIE.expiration, String(expiration), expiration);
}

function desktopHost(): SessionHost {
  const bridge = () => {
    const b = desktopBridge();
    if (!b) throw new Error('desktop bridge missing');
    return b;
  };
  return {
    kind: 'desktop',
    read: () => bridge().session.getState(),
    saveLogin: async (login) => {
      await bridge().session.setLogin(login);
    },
    clear: async () => {
      await bridge().session.logout();
    },
  };
}

/** The session host of this build: cookies in the browser, the bridge in the desktop. */
export const sessionHost = (): SessionHost => (desktopBridge() ? desktopHost() : webHost);
