import { act, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllCookies, readCookie } from '../../../lib/cookies';
import { useSessionStore } from '../../../stores/session-store';
import { isRememberedNewRegister, rememberNewRegister } from '../session/new-register';
import { LoginDialog } from './login-dialog';

const initialSession = useSessionStore.getState();
const LOGIN = {
  type: 'wenyang:login',
  token: 'tok-123',
  expiration: Date.now() + 2 * 3600_000,
  refreshToken: 'refresh-456',
  isNewRegister: true,
};

function openDialog(closable: boolean) {
  useSessionStore.getState().openLoginDialog({ closable });
  const reload = vi.fn();
  render(
    <AntApp>
      <LoginDialog reload={reload} />
    </AntApp>,
  );
  const frame = screen.getByTitle<HTMLIFrameElement>('登录/注册');
  return { reload, frame };
}

function post(data: unknown, source: Window | null, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

beforeEach(() => {
  useSessionStore.setState(initialSession, true);
  clearAllCookies();
  rememberNewRegister(false);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LoginDialog', () => {
  it('frames the account site full-screen, telling it where to post', () => {
    const { frame } = openDialog(true);
    expect(screen.getByRole('dialog', { name: '登录/注册' })).toContainElement(frame);
    expect(frame.getAttribute('src')).toBe(
      `/account/?origin=${encodeURIComponent(window.location.origin)}`,
    );
  });

  it('ignores a login message from another origin or another window', async () => {
    vi.useFakeTimers();
    const { reload, frame } = openDialog(true);
    post(LOGIN, frame.contentWindow, 'https://evil.example');
    post(LOGIN, window);
    post({ type: 'wenyang:close' }, window);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(readCookie('token')).toBeUndefined();
    expect(reload).not.toHaveBeenCalled();
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
  });

  it('ignores a malformed login message', async () => {
    vi.useFakeTimers();
    const { reload, frame } = openDialog(true);
    post({ ...LOGIN, token: 42 }, frame.contentWindow);
    post({ type: 'wenyang:login', token: 'x' }, frame.contentWindow);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(readCookie('token')).toBeUndefined();
    expect(reload).not.toHaveBeenCalled();
  });

  it('saves token, expiration and refresh token as cookies and reloads after 500 ms', async () => {
    vi.useFakeTimers();
    const { reload, frame } = openDialog(false);
    post(LOGIN, frame.contentWindow);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(readCookie('token')).toBe('tok-123');
    expect(readCookie('expiration')).toBe(String(LOGIN.expiration));
    expect(readCookie('refreshToken')).toBe('refresh-456');
    expect(isRememberedNewRegister()).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(reload).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('closes on the close message where the route allows it', () => {
    const { frame } = openDialog(true);
    post({ type: 'wenyang:close' }, frame.contentWindow);
    expect(useSessionStore.getState().loginDialogOpen).toBe(false);
    expect(screen.queryByRole('dialog', { name: '登录/注册' })).not.toBeInTheDocument();
  });

  it('stays open on the close message where the route forces a login', () => {
    const { frame } = openDialog(false);
    post({ type: 'wenyang:close' }, frame.contentWindow);
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
    expect(screen.getByRole('dialog', { name: '登录/注册' })).toBeInTheDocument();
  });

  it('renders nothing while closed', () => {
    render(
      <AntApp>
        <LoginDialog />
      </AntApp>,
    );
    expect(screen.queryByTitle('登录/注册')).not.toBeInTheDocument();
  });
});
