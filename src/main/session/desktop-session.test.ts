import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopSessionState } from '../../shared/bridge';
import { TOKEN_RENEWAL_WINDOW_MS } from '../../shared/constants';
import {
  REFRESH_LIFETIME_MS,
  RENEWAL_RETRY_MS,
  createDesktopSession,
  parseLoginMessage,
} from './desktop-session';
import type {
  DesktopSession,
  DesktopSessionOptions,
  SessionChangeReason,
  SessionClock,
} from './desktop-session';
import { COOKIE_JAR_FILE } from './http-client';

const RENEW_PATH = '/sapi/sso/api/sso/web/renewToken';
const DISCARD_PATH = '/sapi/sso/api/sso/web/discardToken';
const HOUR = 3_600_000;
const RENEWED_LIFETIME_S = 7_200;

type RenewMode = 'ok' | 'refuse' | 'http-500' | 'body-401' | 'drop';

// The stand-in marketplace server: the two token calls and a user call, on a random local port.
let server: Server;
let serverUrl: string;
let renewMode: RenewMode = 'ok';
let renewCalls: string[] = [];
let discarded: string[] = [];
let tokensSeen: (string | undefined)[] = [];
let heldResponse: { release: (body: string) => void } | null = null;
let deadUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const token = req.headers.token;
    tokensSeen.push(typeof token === 'string' ? token : undefined);
    const json = (body: unknown, status = 200): void => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === RENEW_PATH) {
      renewCalls.push(url.searchParams.get('refreshToken') ?? '');
      if (renewMode === 'drop') req.socket.destroy();
      else if (renewMode === 'ok') json({ code: 1, msg: '', data: RENEWED_LIFETIME_S });
      else if (renewMode === 'refuse') json({ code: 1022, msg: '登录已失效', data: null });
      else if (renewMode === 'body-401') json({ code: 401, msg: '请先登录', data: null });
      else json({ code: 500, msg: '服务器错误', data: null }, 500);
    } else if (url.pathname === DISCARD_PATH) {
      discarded.push(url.searchParams.get('token') ?? '');
      json({ code: 1, msg: '', data: true });
    } else if (url.pathname === '/api/1.0.0/User/GetUserInfo') {
      json({ code: 401, msg: '请先登录', data: null });
    } else if (url.pathname === '/api/unauthorized') {
      json({ code: 401, msg: '请先登录', data: null }, 401);
    } else if (url.pathname === '/api/held') {
      heldResponse = { release: (body) => res.end(body) };
    } else if (url.pathname.startsWith('/api/')) {
      json({ code: 404, msg: '接口不存在', data: null }, 404);
    } else {
      json({ code: 1, msg: '', data: 'ok' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type FakeClock = SessionClock & {
  /** Moves time forward, running every timer that falls due in order and waiting for what it starts. */
  advance(ms: number, session: DesktopSession): Promise<void>;
  set(now: number): void;
};

// Starts at the real time so the jar's own cookie expiry (real clock) agrees with the session's.
function createFakeClock(start = Date.now()): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout: (callback, delayMs) => {
      const id = nextId++;
      timers.set(id, { at: now + delayMs, callback });
      return id;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
    set: (value) => {
      now = value;
    },
    async advance(ms, session) {
      const end = now + ms;
      for (;;) {
        let due: [number, { at: number; callback: () => void }] | undefined;
        for (const entry of timers) {
          if (entry[1].at <= end && (due === undefined || entry[1].at < due[1].at)) due = entry;
        }
        if (due === undefined) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].callback();
        await session.flush();
      }
      now = end;
      await session.flush();
    },
  };
}

let storageDir: string;
let clock: FakeClock;
let changes: [DesktopSessionState, SessionChangeReason][];
const sessions: DesktopSession[] = [];

beforeEach(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'wenyang-session-'));
  clock = createFakeClock();
  changes = [];
  renewMode = 'ok';
  renewCalls = [];
  discarded = [];
  tokensSeen = [];
  heldResponse = null;
});

afterEach(async () => {
  for (const session of sessions.splice(0)) {
    session.dispose();
    await session.flush();
  }
  await rm(storageDir, { recursive: true, force: true });
});

async function openSession(
  url = serverUrl,
  options: Partial<DesktopSessionOptions> = {},
): Promise<DesktopSession> {
  const session = await createDesktopSession({
    serverUrl: url,
    storageDir,
    clock,
    onChange: (state, reason) => changes.push([state, reason]),
    ...options,
  });
  sessions.push(session);
  return session;
}

function loginExpiringIn(ms: number, token = 'tok-abc') {
  return { token, expiration: clock.now() + ms, refreshToken: `ref-${token}` };
}

type SavedCookie = { key: string; value: string; expires?: string; path?: string };

async function savedCookies(): Promise<SavedCookie[]> {
  const saved = JSON.parse(await readFile(join(storageDir, COOKIE_JAR_FILE), 'utf8')) as {
    cookies: SavedCookie[];
  };
  return saved.cookies.sort((a, b) => a.key.localeCompare(b.key));
}

async function savedCookieKeys(): Promise<string[]> {
  return (await savedCookies()).map((cookie) => cookie.key);
}

describe('login and restart', () => {
  it('stays signed in after a restart: the login is saved in the jar and read back', async () => {
    const first = await openSession();
    const login = loginExpiringIn(2 * HOUR);
    expect(await first.setLogin(login)).toEqual({ signedIn: true, expiration: login.expiration });
    first.dispose();
    await first.flush();

    const second = await openSession();
    expect(await second.getState()).toEqual({ signedIn: true, expiration: login.expiration });
    await second.http.request({ method: 'GET', path: '/ping' });
    expect(tokensSeen.at(-1)).toBe('tok-abc');
  });

  it('writes the jar atomically: the three session cookies, kept for the refresh lifetime', async () => {
    const session = await openSession();
    const login = loginExpiringIn(2 * HOUR);
    await session.setLogin(login);
    await session.flush();
    expect(await readdir(storageDir)).toEqual([COOKIE_JAR_FILE]);
    const refreshUntil = new Date(login.expiration + REFRESH_LIFETIME_MS).toISOString();
    expect(await savedCookies()).toEqual([
      expect.objectContaining({
        key: 'expiration',
        value: String(login.expiration),
        expires: refreshUntil,
        path: '/',
      }),
      expect.objectContaining({ key: 'refreshToken', value: 'ref-tok-abc', expires: refreshUntil }),
      expect.objectContaining({ key: 'token', value: 'tok-abc', expires: refreshUntil }),
    ]);
  });

  it('never tells the renderer the token', async () => {
    const session = await openSession();
    const state = await session.setLogin(loginExpiringIn(2 * HOUR));
    expect(Object.keys(state).sort()).toEqual(['expiration', 'signedIn']);
    expect(JSON.stringify([state, await session.getState()])).not.toContain('tok-abc');
  });

  it('is signed out on a fresh user-data folder', async () => {
    const session = await openSession();
    expect(await session.getState()).toEqual({ signedIn: false, expiration: null });
  });

  it('refuses a bad login message with a Chinese reason and keeps the current session', async () => {
    const session = await openSession();
    const good = loginExpiringIn(2 * HOUR);
    await session.setLogin(good);
    for (const message of [
      null,
      'tok-abc',
      [good.token, good.expiration, good.refreshToken],
      { ...good, token: '' },
      { ...good, token: 42 },
      { ...good, refreshToken: undefined },
      { ...good, token: 'two words' },
      { ...good, token: 'a;b=c' },
      { ...good, expiration: String(good.expiration) },
      { ...good, expiration: good.expiration + 0.5 },
      { ...good, expiration: Number.NaN },
      { ...good, expiration: clock.now() - 1 },
      { ...good, expiration: clock.now() },
    ]) {
      await expect(session.setLogin(message)).rejects.toThrow(/^登录信息无效：/);
    }
    expect(await session.getState()).toEqual({ signedIn: true, expiration: good.expiration });
  });

  it('replaces the previous session when another account signs in', async () => {
    const session = await openSession();
    await session.setLogin(loginExpiringIn(2 * HOUR, 'first'));
    await session.setLogin(loginExpiringIn(3 * HOUR, 'second'));
    await session.http.request({ method: 'GET', path: '/ping' });
    expect(tokensSeen.at(-1)).toBe('second');
  });
});

describe('renewal', () => {
  it('renews within 30 minutes of expiry and not before', async () => {
    const session = await openSession();
    await session.setLogin(loginExpiringIn(2 * HOUR));

    await clock.advance(2 * HOUR - TOKEN_RENEWAL_WINDOW_MS - 1, session);
    expect(renewCalls).toEqual([]);

    await clock.advance(1, session);
    expect(renewCalls).toEqual(['ref-tok-abc']);
    expect(tokensSeen.at(-1)).toBe('tok-abc');
    const renewedUntil = clock.now() + RENEWED_LIFETIME_S * 1000;
    expect(await session.getState()).toEqual({ signedIn: true, expiration: renewedUntil });
    expect(changes.at(-1)).toEqual([{ signedIn: true, expiration: renewedUntil }, 'renewed']);

    // The renewed expiry is saved: a restart sees it and still sends the same token.
    await session.flush();
    const restarted = await openSession();
    expect(await restarted.getState()).toEqual({ signedIn: true, expiration: renewedUntil });
    restarted.dispose();

    // And the next renewal waits for the next window.
    await clock.advance(RENEWED_LIFETIME_S * 1000 - TOKEN_RENEWAL_WINDOW_MS - 1, session);
    expect(renewCalls).toHaveLength(1);
    await clock.advance(1, session);
    expect(renewCalls).toHaveLength(2);
  });

  it('renews at once when the token is already inside the window at login', async () => {
    const session = await openSession();
    await session.setLogin(loginExpiringIn(10 * 60_000));
    await clock.advance(0, session);
    expect(renewCalls).toEqual(['ref-tok-abc']);
  });

  it('resumes renewal after a restart', async () => {
    const first = await openSession();
    const login = loginExpiringIn(2 * HOUR);
    await first.setLogin(login);
    first.dispose();
    await first.flush();

    // The app was closed for 100 minutes: 20 minutes of the token are left, so it renews on start.
    clock.set(login.expiration - 20 * 60_000);
    const second = await openSession();
    await clock.advance(0, second);
    expect(renewCalls).toEqual(['ref-tok-abc']);
    expect((await second.getState()).expiration).toBe(clock.now() + RENEWED_LIFETIME_S * 1000);
  });

  it('renews on start, before the pages ask, a token that expired while the app was closed', async () => {
    const first = await openSession();
    const login = loginExpiringIn(2 * HOUR);
    await first.setLogin(login);
    first.dispose();
    await first.flush();

    clock.set(login.expiration + 12 * HOUR);
    const second = await openSession();
    expect(renewCalls).toEqual(['ref-tok-abc']);
    expect(await second.getState()).toEqual({
      signedIn: true,
      expiration: clock.now() + RENEWED_LIFETIME_S * 1000,
    });
  });

  it('clears on start a saved session the server no longer renews', async () => {
    const first = await openSession();
    const login = loginExpiringIn(2 * HOUR);
    await first.setLogin(login);
    first.dispose();
    await first.flush();

    renewMode = 'refuse';
    clock.set(login.expiration + 12 * HOUR);
    const second = await openSession();
    expect(await second.getState()).toEqual({ signedIn: false, expiration: null });
    await second.flush();
    expect(await savedCookieKeys()).toEqual([]);
  });

  it('clears a saved session whose refresh lifetime ran out while the app was closed', async () => {
    const first = await openSession();
    const login = loginExpiringIn(2 * HOUR);
    await first.setLogin(login);
    first.dispose();
    await first.flush();

    clock.set(login.expiration + REFRESH_LIFETIME_MS);
    const second = await openSession();
    expect(await second.getState()).toEqual({ signedIn: false, expiration: null });
    await second.flush();
    expect(await savedCookieKeys()).toEqual([]);
    expect(renewCalls).toEqual([]);
  });

  it.each([
    ['refuses it (code ≠ 1)', 'refuse'],
    ['answers with an HTTP error', 'http-500'],
    ['says the session is gone', 'body-401'],
  ] as const)('clears the session when the server %s', async (_name, mode) => {
    renewMode = mode;
    const session = await openSession();
    await session.setLogin(loginExpiringIn(2 * HOUR));
    await clock.advance(2 * HOUR - TOKEN_RENEWAL_WINDOW_MS, session);

    expect(renewCalls).toHaveLength(1);
    expect(await session.getState()).toEqual({ signedIn: false, expiration: null });
    expect(changes.at(-1)).toEqual([{ signedIn: false, expiration: null }, 'renewal-failed']);
    expect(await savedCookieKeys()).toEqual([]);

    // Nothing is left to renew.
    await clock.advance(HOUR, session);
    expect(renewCalls).toHaveLength(1);
  });

  it('keeps the session and retries later when the server cannot be reached', async () => {
    renewMode = 'drop';
    const session = await openSession();
    const login = loginExpiringIn(2 * HOUR);
    await session.setLogin(login);
    await clock.advance(2 * HOUR - TOKEN_RENEWAL_WINDOW_MS, session);
    expect(renewCalls).toHaveLength(1);
    expect(await session.getState()).toEqual({ signedIn: true, expiration: login.expiration });

    await clock.advance(RENEWAL_RETRY_MS - 1, session);
    expect(renewCalls).toHaveLength(1);
    await clock.advance(1, session);
    expect(renewCalls).toHaveLength(2);

    renewMode = 'ok';
    await clock.advance(RENEWAL_RETRY_MS, session);
    expect(renewCalls).toHaveLength(3);
    expect((await session.getState()).expiration).toBe(clock.now() + RENEWED_LIFETIME_S * 1000);
  });

  it('keeps trying while the server stays unreachable, until the refresh lifetime is over', async () => {
    const session = await openSession(deadUrl, { renewalRetryMs: 24 * HOUR });
    const login = loginExpiringIn(2 * HOUR);
    await session.setLogin(login);

    // The token ran out: not signed in any more, but the refresh token may still bring it back.
    await clock.advance(2 * HOUR, session);
    expect(await session.getState()).toEqual({ signedIn: false, expiration: null });
    expect(await savedCookieKeys()).toEqual(['expiration', 'refreshToken', 'token']);
    expect(changes.map(([, reason]) => reason)).toEqual(['login']);

    await clock.advance(REFRESH_LIFETIME_MS, session);
    expect(changes.at(-1)).toEqual([{ signedIn: false, expiration: null }, 'expired']);
    expect(await savedCookieKeys()).toEqual([]);
  });
});

describe('a response saying the session is gone', () => {
  it('clears the session before the renderer gets the 401 body', async () => {
    const session = await openSession();
    await session.setLogin(loginExpiringIn(2 * HOUR));
    const response = await session.http.request({
      method: 'POST',
      path: '/api/1.0.0/User/GetUserInfo',
      body: '{}',
    });
    expect(JSON.parse(response.body)).toMatchObject({ code: 401 });
    expect(await session.getState()).toEqual({ signedIn: false, expiration: null });
    expect(changes.at(-1)).toEqual([{ signedIn: false, expiration: null }, 'session-gone']);
    await session.flush();
    expect(await savedCookieKeys()).toEqual([]);

    // The renewal timer went with it.
    await clock.advance(2 * HOUR, session);
    expect(renewCalls).toEqual([]);
  });

  it('clears the session on HTTP 401 too', async () => {
    const session = await openSession();
    await session.setLogin(loginExpiringIn(2 * HOUR));
    await session.http.request({ method: 'GET', path: '/api/unauthorized' });
    expect((await session.getState()).signedIn).toBe(false);
  });

  it('keeps the session for a wrong API path (404 接口不存在)', async () => {
    const session = await openSession();
    await session.setLogin(loginExpiringIn(2 * HOUR));
    const response = await session.http.request({ method: 'POST', path: '/api/nope', body: '{}' });
    expect(response.status).toBe(404);
    expect((await session.getState()).signedIn).toBe(true);
  });

  it('ignores a late 401 to a request sent before the current login', async () => {
    const session = await openSession();
    const pending = session.http.request({ method: 'GET', path: '/api/held' });
    await expect.poll(() => heldResponse).not.toBeNull();
    await session.setLogin(loginExpiringIn(2 * HOUR));
    heldResponse?.release(JSON.stringify({ code: 401, msg: '请先登录', data: null }));
    await pending;
    expect((await session.getState()).signedIn).toBe(true);
  });
});

describe('logout', () => {
  it('discards the token on the server and clears the jar', async () => {
    const session = await openSession();
    await session.setLogin(loginExpiringIn(2 * HOUR));
    expect(await session.logout()).toEqual({ signedIn: false, expiration: null });
    expect(discarded).toEqual(['tok-abc']);
    expect(changes.at(-1)).toEqual([{ signedIn: false, expiration: null }, 'logout']);
    await session.flush();
    expect(await savedCookieKeys()).toEqual([]);

    await session.http.request({ method: 'GET', path: '/ping' });
    expect(tokensSeen.at(-1)).toBeUndefined();
    await clock.advance(2 * HOUR, session);
    expect(renewCalls).toEqual([]);
  });

  it('logs out locally even when the server is unreachable', async () => {
    const session = await openSession(deadUrl);
    await session.setLogin(loginExpiringIn(2 * HOUR));
    expect(await session.logout()).toEqual({ signedIn: false, expiration: null });
    await session.flush();

    const restarted = await openSession(deadUrl);
    expect(await restarted.getState()).toEqual({ signedIn: false, expiration: null });
  });

  it('is harmless when nobody is signed in', async () => {
    const session = await openSession();
    expect(await session.logout()).toEqual({ signedIn: false, expiration: null });
    expect(discarded).toEqual([]);
  });
});

describe('parseLoginMessage', () => {
  it('keeps exactly the three fields of the login message', () => {
    const now = Date.now();
    expect(
      parseLoginMessage({ token: 't', expiration: now + 1, refreshToken: 'r', extra: 1 }, now),
    ).toEqual({ token: 't', expiration: now + 1, refreshToken: 'r' });
  });
});
