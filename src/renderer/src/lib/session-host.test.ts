import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '@shared/bridge';
import { clearAllCookies, readCookie } from './cookies';
import { extendWebSession, sessionHost, webTokens } from './session-host';

const LOGIN = { token: 'tok', expiration: Date.now() + 3_600_000, refreshToken: 'ref' };

describe('web session host', () => {
  beforeEach(() => clearAllCookies());

  it('keeps the login as three cookies and reads the session from them', async () => {
    const host = sessionHost();
    expect(host.kind).toBe('web');
    expect(await host.read()).toEqual({ signedIn: false, expiration: null });
    await host.saveLogin(LOGIN);
    expect(readCookie('token')).toBe('tok');
    expect(readCookie('refreshToken')).toBe('ref');
    expect(await host.read()).toEqual({ signedIn: true, expiration: LOGIN.expiration });
    expect(webTokens()).toEqual({ token: 'tok', refreshToken: 'ref' });
  });

  it('extends the expiry after a renewal and forgets everything on clear', async () => {
    const host = sessionHost();
    await host.saveLogin(LOGIN);
    extendWebSession(LOGIN.expiration + 60_000);
    expect(await host.read()).toEqual({ signedIn: true, expiration: LOGIN.expiration + 60_000 });
    await host.clear();
    expect(await host.read()).toEqual({ signedIn: false, expiration: null });
    expect(readCookie('refreshToken')).toBeUndefined();
  });
});

describe('desktop session host', () => {
  const state = { signedIn: true, expiration: LOGIN.expiration };
  const session = {
    setLogin: vi.fn(async () => state),
    getState: vi.fn(async () => state),
    logout: vi.fn(async () => ({ signedIn: false, expiration: null })),
  };

  beforeEach(() => {
    clearAllCookies();
    // Stands in for the preload, which defines `window.desktop` in the real app.
    const bridge = { session } as unknown as DesktopBridge;
    Object.defineProperty(window, 'desktop', { value: bridge, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'desktop');
  });

  it('hands the login to the main process instead of cookies', async () => {
    const host = sessionHost();
    expect(host.kind).toBe('desktop');
    await host.saveLogin(LOGIN);
    expect(session.setLogin).toHaveBeenCalledWith(LOGIN);
    expect(readCookie('token')).toBeUndefined();
    expect(await host.read()).toEqual(state);
    await host.clear();
    expect(session.logout).toHaveBeenCalledTimes(1);
  });
});
