// The desktop's login session, owned by the main process: cookies in the persisted jar, renewal, logout.
// No Electron here, so it runs (and is tested) in plain Node.
import { Cookie } from 'tough-cookie';
import type { DesktopLoginMessage, DesktopSessionState } from '../../shared/bridge';
import { COOKIE, SUCCESS_CODE, TOKEN_RENEWAL_WINDOW_MS } from '../../shared/constants';
import { discardToken, renewToken } from '../../shared/contract/accounts';
import { createHttpClient } from './http-client';
import type { HttpClient, HttpClientOptions } from './http-client';

/** After a renewal that could not reach the server, try again this much later (the session is kept). */
export const RENEWAL_RETRY_MS = 60_000;
/**
 * The longest the renewal timer sleeps before looking at the wall clock again: timers do not run while the
 * computer sleeps, and a single long timeout would then wake far too late.
 */
export const RENEWAL_CHECK_MAX_MS = 5 * 60_000;
/** Logging out must not hang on a server that does not answer: the local logout happens anyway. */
export const DISCARD_TIMEOUT_MS = 10_000;
/** A renewal gives up (and retries later) after this long; start-up waits for it at most this long. */
export const RENEWAL_TIMEOUT_MS = 15_000;
/**
 * How long after the login the refresh token may still renew the token. The login message does not say;
 * this is the server's default (and what the browser keeps its refresh cookie for). The server stays the
 * authority: a refused renewal clears the session earlier.
 */
export const REFRESH_LIFETIME_MS = 30 * 24 * 3_600_000;

/** Time and timers, injectable so tests can move the clock. */
export type SessionClock = {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** Why the session changed; the main process uses it to tell the app's windows. */
export type SessionChangeReason =
  | 'login'
  | 'renewed'
  | 'logout'
  /** The refresh token's lifetime ran out, so the session cannot be renewed any more. */
  | 'expired'
  /** The server refused the renewal (spec §8: clear and go home). */
  | 'renewal-failed'
  /** A response said the session is gone (HTTP 401 or body code 401–405). */
  | 'session-gone';

export type DesktopSessionOptions = Pick<
  HttpClientOptions,
  'serverUrl' | 'storageDir' | 'defaultTimeoutMs' | 'onJarRecovered' | 'onPersistError'
> & {
  clock?: SessionClock;
  renewalRetryMs?: number;
  /** Told after every change of the session, once the jar has been written. */
  onChange?: (state: DesktopSessionState, reason: SessionChangeReason) => void;
};

export type DesktopSession = {
  /** Validates the account site's login message, stores it in the jar and starts renewal. */
  setLogin(message: unknown): Promise<DesktopSessionState>;
  getState(): Promise<DesktopSessionState>;
  /** Discards the token on the server (errors ignored) and clears the session locally in any case. */
  logout(): Promise<DesktopSessionState>;
  /** The client every renderer request goes through; it carries the session's `token` header. */
  readonly http: HttpClient;
  /** Resolves when the running renewal (if any) and every jar write are done. */
  flush(): Promise<void>;
  /** Stops the renewal timer (application quit). */
  dispose(): void;
};

const SIGNED_OUT: DesktopSessionState = { signedIn: false, expiration: null };
const SESSION_COOKIES = [COOKIE.token, COOKIE.expiration, COOKIE.refreshToken] as const;
// RFC 6265 cookie-octet: what a cookie value may hold without quoting or encoding.
const COOKIE_OCTETS = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/;
const MAX_TOKEN_LENGTH = 4096;
// The latest time a JavaScript Date can hold.
const MAX_DATE_MS = 8.64e15;

const systemClock: SessionClock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => {
    const timer = setTimeout(callback, delayMs);
    // A pending renewal must not keep a Node process (a test run) alive.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function invalidLogin(reason: string, english: string): Error {
  return new Error(`登录信息无效：${reason} / Invalid login message: ${english}`);
}

function checkToken(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') {
    throw invalidLogin(`${name} 必须是非空字符串`, `${name} must be a non-empty string`);
  }
  if (value.length > MAX_TOKEN_LENGTH || !COOKIE_OCTETS.test(value)) {
    throw invalidLogin(
      `${name} 含有不允许的字符或过长`,
      `${name} has characters a cookie cannot hold`,
    );
  }
  return value;
}

/** Checks the login message the renderer hands over; the renderer (and the framed site) are not trusted. */
export function parseLoginMessage(value: unknown, now: number): DesktopLoginMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidLogin('不是对象', 'not an object');
  }
  const { token, expiration, refreshToken } = value as Record<string, unknown>;
  const checkedToken = checkToken(token, 'token');
  const checkedRefresh = checkToken(refreshToken, 'refreshToken');
  if (typeof expiration !== 'number' || !Number.isSafeInteger(expiration)) {
    throw invalidLogin(
      'expiration 必须是毫秒时间戳（整数）',
      'expiration must be an integer of milliseconds since the epoch',
    );
  }
  if (expiration <= now || expiration > MAX_DATE_MS) {
    throw invalidLogin('登录已过期', 'expiration is not in the future');
  }
  return { token: checkedToken, expiration, refreshToken: checkedRefresh };
}

/** The new lifetime in seconds from a renewToken answer, or null when the server refused. */
export function parseRenewal(status: number, body: string): number | null {
  if (status < 200 || status >= 300) return null;
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof envelope !== 'object' || envelope === null) return null;
  const { code, data } = envelope as Record<string, unknown>;
  if (code !== SUCCESS_CODE || typeof data !== 'number' || !Number.isFinite(data) || data <= 0) {
    return null;
  }
  return data;
}

/** How long the renewal timer waits before its next look, given the token's expiry. */
export function renewalDelay(expiration: number, now: number): number {
  const untilWindow = expiration - TOKEN_RENEWAL_WINDOW_MS - now;
  return Math.min(Math.max(untilWindow, 0), RENEWAL_CHECK_MAX_MS);
}

type StoredSession = {
  token: string;
  refreshToken: string;
  /** Access-token expiry (ms). */
  expiration: number;
  /** Until when the refresh token can renew it (ms): the jar keeps all three cookies that long. */
  refreshUntil: number;
};

/**
 * Creates the session over a persisted jar in `storageDir`, and resumes it: a token near or past its
 * expiry is renewed before this resolves (so the first pages already see the outcome), a valid one gets
 * its renewal timer back, and a session whose refresh lifetime is over is cleared.
 */
export async function createDesktopSession(
  options: DesktopSessionOptions,
): Promise<DesktopSession> {
  const clock = options.clock ?? systemClock;
  const retryMs = options.renewalRetryMs ?? RENEWAL_RETRY_MS;
  const serverUrl = options.serverUrl;
  const secure = new URL(serverUrl).protocol === 'https:';

  let timer: unknown = null;
  // Bumped by every login and clear, so the answer to a renewal started before it is dropped.
  let generation = 0;
  let running: Promise<void> = Promise.resolve();
  // Changes of the jar run one at a time, so a renewal's write never lands inside a new login's.
  let lock: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = lock.then(work);
    lock = result.catch(() => undefined);
    return result;
  }

  const http = await createHttpClient({
    serverUrl,
    storageDir: options.storageDir,
    ...(options.defaultTimeoutMs !== undefined && { defaultTimeoutMs: options.defaultTimeoutMs }),
    ...(options.onJarRecovered && { onJarRecovered: options.onJarRecovered }),
    ...(options.onPersistError && { onPersistError: options.onPersistError }),
    onSessionGone: ({ path, sentToken }) =>
      exclusive(async () => {
        // Logging out clears the session itself once discardToken has answered.
        if (path.startsWith(discardToken.path)) return;
        // A late answer to a request of an earlier session must not end the one signed in since.
        const current = await readSession();
        if (current !== null && current.token !== sentToken) return;
        await clear(path.startsWith(renewToken.path) ? 'renewal-failed' : 'session-gone');
      }),
  });
  const { jar } = http;

  function notify(state: DesktopSessionState, reason: SessionChangeReason): void {
    try {
      options.onChange?.(state, reason);
    } catch (error) {
      console.error('[wenyang] 登录状态通知失败 / Session change listener failed:', error);
    }
  }

  // Expiry is judged by the stored times against the session's clock, not by the jar's own clock.
  async function readSession(): Promise<StoredSession | null> {
    const cookies = await jar.getCookies(serverUrl, { expire: false });
    const find = (key: string): Cookie | undefined =>
      cookies.find((cookie) => cookie.key === key && cookie.value !== '');
    const token = find(COOKIE.token)?.value;
    const refresh = find(COOKIE.refreshToken);
    const expiration = Number(find(COOKIE.expiration)?.value);
    if (token === undefined || refresh === undefined || !Number.isSafeInteger(expiration)) {
      return null;
    }
    const refreshExpires = refresh.expires instanceof Date ? refresh.expires.getTime() : NaN;
    const refreshUntil = Number.isFinite(refreshExpires) ? refreshExpires : expiration;
    return { token, refreshToken: refresh.value, expiration, refreshUntil };
  }

  // Signed in while the token works; an expired token waiting for its renewal does not count.
  function stateOf(session: StoredSession | null): DesktopSessionState {
    if (session === null || session.expiration <= clock.now()) return SIGNED_OUT;
    return { signedIn: true, expiration: session.expiration };
  }

  async function storedCookies(): Promise<Cookie[]> {
    return jar.getCookies(serverUrl, { expire: false, allPaths: true });
  }

  async function hasSessionCookies(): Promise<boolean> {
    const sessionKeys: readonly string[] = SESSION_COOKIES;
    return (await storedCookies()).some((cookie) => sessionKeys.includes(cookie.key));
  }

  // The three cookies of spec §4, host-only on the server. They outlive the token until the refresh
  // lifetime ends, because a renewal revives the same token (after a night with the app closed, say).
  async function store(session: StoredSession): Promise<void> {
    const expires = new Date(session.refreshUntil);
    const values: Record<(typeof SESSION_COOKIES)[number], string> = {
      token: session.token,
      expiration: String(session.expiration),
      refreshToken: session.refreshToken,
    };
    for (const key of SESSION_COOKIES) {
      const cookie = new Cookie({
        key,
        value: values[key],
        path: '/',
        expires,
        httpOnly: key !== COOKIE.expiration,
        secure,
      });
      await jar.setCookie(cookie, serverUrl);
    }
    await http.persist();
  }

  function cancelTimer(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function schedule(delayMs: number): void {
    cancelTimer();
    timer = clock.setTimeout(() => {
      timer = null;
      track(check());
    }, delayMs);
  }

  function track(work: Promise<void>): void {
    const done = work.catch((error: unknown) => {
      console.error('[wenyang] 续期登录失败 / Session renewal failed:', error);
    });
    running = running.then(() => done);
  }

  // Callers hold the lock.
  async function clear(reason: SessionChangeReason): Promise<DesktopSessionState> {
    generation += 1;
    cancelTimer();
    const had = await hasSessionCookies();
    // Spec §8 clears all cookies; the jar holds nothing but the server's. A guest's 401 writes nothing.
    if ((await storedCookies()).length > 0) {
      await jar.removeAllCookies();
      await http.persist();
    }
    if (had || reason === 'logout') notify(SIGNED_OUT, reason);
    return SIGNED_OUT;
  }

  // One look of the renewal timer: renew inside the window (or after expiry while the refresh token
  // lives), clear once the refresh lifetime is over, else sleep again.
  async function check(): Promise<void> {
    const session = await readSession();
    if (session === null) return;
    const now = clock.now();
    if (session.refreshUntil <= now) {
      await exclusive(() => clear('expired'));
    } else if (session.expiration - now <= TOKEN_RENEWAL_WINDOW_MS) {
      await renew(session);
    } else {
      schedule(renewalDelay(session.expiration, now));
    }
  }

  async function renew(session: StoredSession): Promise<void> {
    const started = generation;
    const query = new URLSearchParams({ refreshToken: session.refreshToken });
    let status: number;
    let body: string;
    try {
      ({ status, body } = await http.request({
        method: renewToken.method,
        path: `${renewToken.path}?${query.toString()}`,
        timeoutMs: RENEWAL_TIMEOUT_MS,
      }));
    } catch {
      // The server could not be reached: keep the session and try again, at the latest when the
      // refresh lifetime ends (the check then clears it).
      if (started === generation) {
        schedule(Math.min(retryMs, Math.max(session.refreshUntil - clock.now(), 0)));
      }
      return;
    }
    await exclusive(async () => {
      if (started !== generation) return;
      const seconds = parseRenewal(status, body);
      if (seconds === null) {
        await clear('renewal-failed');
        return;
      }
      const now = clock.now();
      const expiration = Math.min(now + Math.round(seconds * 1000), MAX_DATE_MS);
      // The server rotates the refresh token on every renewal and sets the new one as a cookie.
      const rotated = (await jar.getCookies(serverUrl, { expire: false })).find(
        (cookie) =>
          cookie.key === COOKIE.refreshToken &&
          cookie.value !== '' &&
          cookie.value !== session.refreshToken,
      )?.value;
      // The refresh lifetime is fixed at login; the cookies only outlive a token the server extended.
      const renewed = {
        ...session,
        refreshToken: rotated ?? session.refreshToken,
        expiration,
        refreshUntil: Math.max(session.refreshUntil, expiration),
      };
      await store(renewed);
      notify(stateOf(renewed), 'renewed');
      schedule(renewalDelay(renewed.expiration, now));
    });
  }

  async function setLogin(message: unknown): Promise<DesktopSessionState> {
    const login = parseLoginMessage(message, clock.now());
    return exclusive(async () => {
      generation += 1;
      cancelTimer();
      const session: StoredSession = {
        ...login,
        refreshUntil: Math.min(login.expiration + REFRESH_LIFETIME_MS, MAX_DATE_MS),
      };
      await jar.removeAllCookies();
      await store(session);
      const state = stateOf(session);
      notify(state, 'login');
      schedule(renewalDelay(session.expiration, clock.now()));
      return state;
    });
  }

  async function logout(): Promise<DesktopSessionState> {
    // Stop renewing first: a renewal answering during the discard must not bring the session back.
    generation += 1;
    cancelTimer();
    const session = await readSession();
    if (session !== null) {
      const query = new URLSearchParams({ token: session.token });
      try {
        await http.request({
          method: discardToken.method,
          path: `${discardToken.path}?${query.toString()}`,
          timeoutMs: DISCARD_TIMEOUT_MS,
        });
      } catch {
        // Spec §7: errors of discardToken are ignored; the local logout below happens regardless.
      }
    }
    return exclusive(async () => {
      // Someone who signed in while the discard was under way stays signed in.
      const current = await readSession();
      if (session !== null && current !== null && current.token !== session.token) {
        return stateOf(current);
      }
      return clear('logout');
    });
  }

  // Resume what the last run left behind: a live session renews now or later, anything else is cleared.
  const stored = await readSession();
  if (stored !== null && stored.refreshUntil > clock.now()) {
    await check();
  } else if (await hasSessionCookies()) {
    await exclusive(() => clear('expired'));
  }

  return {
    setLogin,
    getState: async () => stateOf(await readSession()),
    logout,
    http,
    flush: async () => {
      await running;
      await lock;
      await http.flush();
    },
    dispose: cancelTimer,
  };
}
