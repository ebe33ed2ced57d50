import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@shared/contract/accounts';
import {
  activeUser,
  discardToken,
  getDesignerStatus,
  getMyInfo,
  getUserInfo,
  getVipInfo,
  renewToken,
} from '@shared/contract/accounts';
import { getAgreementList } from '@shared/contract/agreements';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { designerStatusQueryOptions } from '../../../api/get-designer-status';
import { userInfoQueryOptions } from '../../../api/get-user-info';
import { clearAllCookies, readCookie, writeCookie } from '../../../lib/cookies';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithApp } from '../../../test/render-with-app';
import { SessionManager } from './session-manager';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const initialSession = useSessionStore.getState();

const INFO: UserInfo = {
  userId: 7,
  caiHongID: '80012345',
  userName: '纹样用户0001',
  headImg: '',
  smallHeadImg: '',
  memberType: 0,
  memberTypeName: '',
  isExpVip: true,
  expLeftTimes: 3,
  vipEndTime: 0,
  validitySecond: 0,
  settledInType: 1,
  isReadAndAgreeNotify: true,
  isUserKeywork: true,
  showExpVIP: false,
  isNewRegister: false,
  role: 'user',
};

function serve(info: Partial<UserInfo> = {}, renew: () => Promise<number> = async () => 7200) {
  callApi.mockImplementation(async (call: CallDef, input: unknown) => {
    if (call === getUserInfo) return mockCall(getUserInfo, { ...INFO, ...info });
    if (call === getDesignerStatus)
      return mockCall(getDesignerStatus, { status: 1, settleStatus: 1 });
    if (call === getVipInfo)
      return mockCall(getVipInfo, {
        vipType: 0,
        vipEndTime: 0,
        vipTryEndTime: 0,
        userAuthList: [],
        userAuths: '',
      });
    if (call === getMyInfo) return mockCall(getMyInfo, { orgInfo: { orgFlag: 1, orgName: '' } });
    if (call === activeUser) return mockCall(activeUser, { recorded: true });
    if (call === renewToken) return mockCall(renewToken, await renew());
    if (call === discardToken) return mockCall(discardToken, true);
    if (call === getAgreementList) return mockCall(getAgreementList, []);
    throw new Error(`unexpected ${call.name} ${JSON.stringify(input)}`);
  });
}

const signIn = (expiration = Date.now() + 4 * 3_600_000) => {
  writeCookie('token', 'tok', expiration);
  writeCookie('expiration', String(expiration), expiration);
  writeCookie('refreshToken', 'ref', expiration + 86_400_000);
};

const userInfoOf = (queryClient: QueryClient) =>
  queryClient.getQueryData(userInfoQueryOptions().queryKey);

const calls = (def: CallDef) => callApi.mock.calls.filter(([call]) => call === def);

beforeEach(() => {
  useSessionStore.setState(initialSession, true);
  clearAllCookies();
  localStorage.clear();
  sessionStorage.clear();
  callApi.mockReset();
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('SessionManager login state', () => {
  it('without a token cookie is no-logged-in', async () => {
    serve();
    renderWithApp(<SessionManager />);
    await waitFor(() => expect(useSessionStore.getState().sessionChecked).toBe(true));
    expect(useSessionStore.getState().loginState).toBe('no-logged-in');
    expect(callApi).not.toHaveBeenCalled();
  });

  it('with a token cookie signs in and loads the user and designer status', async () => {
    serve();
    signIn();
    const { queryClient } = renderWithApp(<SessionManager />);
    await waitFor(() => expect(userInfoOf(queryClient)?.caiHongID).toBe('80012345'));
    expect(useSessionStore.getState()).toMatchObject({ loginState: 'sign-in' });
    expect(queryClient.getQueryData(designerStatusQueryOptions().queryKey)).toMatchObject({
      status: 1,
      settleStatus: 1,
    });
  });

  it('on focus with a token signs in and closes the login dialog', async () => {
    serve();
    renderWithApp(<SessionManager />);
    await waitFor(() => expect(useSessionStore.getState().sessionChecked).toBe(true));
    act(() => useSessionStore.getState().openLoginDialog({ closable: false }));
    signIn();
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(useSessionStore.getState().loginState).toBe('sign-in'));
    expect(useSessionStore.getState().loginDialogOpen).toBe(false);
  });

  it('on visibility without a token clears the user, and the login dialog may stay', async () => {
    serve();
    signIn();
    const { queryClient } = renderWithApp(<SessionManager />);
    await waitFor(() => expect(userInfoOf(queryClient)).toBeDefined());
    clearAllCookies();
    act(() => useSessionStore.getState().openLoginDialog());
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(useSessionStore.getState().loginState).toBe('no-logged-in'));
    expect(userInfoOf(queryClient)).toBeUndefined();
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
  });

  it('pings daily activity once a day per user', async () => {
    serve();
    signIn();
    renderWithApp(<SessionManager />);
    await waitFor(() => expect(calls(activeUser)).toHaveLength(1));
    expect(calls(activeUser)[0]?.[1]).toEqual({ caihongId: '80012345', type: 2 });
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(calls(getUserInfo).length).toBeGreaterThanOrEqual(1));
    await waitFor(() => expect(localStorage.getItem('wenyang.activeUser.7')).not.toBeNull());
    expect(calls(activeUser)).toHaveLength(1);
  });
});

describe('SessionManager token renewal', () => {
  it('renews a token within 30 minutes of expiry and keeps the new lifetime', async () => {
    serve({}, async () => 7200);
    signIn(Date.now() + 10 * 60_000);
    renderWithApp(<SessionManager />);
    await waitFor(() => expect(calls(renewToken)).toHaveLength(1));
    expect(calls(renewToken)[0]?.[1]).toEqual({ refreshToken: 'ref' });
    await waitFor(() =>
      expect(Number(readCookie('expiration'))).toBeGreaterThan(Date.now() + 7000_000),
    );
    expect(readCookie('token')).toBe('tok');
  });

  it('does not renew a token far from expiry', async () => {
    serve();
    signIn(Date.now() + 3 * 3_600_000);
    const { queryClient } = renderWithApp(<SessionManager />);
    await waitFor(() => expect(userInfoOf(queryClient)).toBeDefined());
    expect(calls(renewToken)).toHaveLength(0);
  });

  it('on a failed renewal clears the cookies and goes home', async () => {
    serve({}, () => Promise.reject(new Error('刷新令牌已失效')));
    signIn(Date.now() + 60_000);
    renderWithApp(<SessionManager />, { initialEntries: ['/user/myorder'] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(readCookie('token')).toBeUndefined();
    expect(readCookie('refreshToken')).toBeUndefined();
    expect(useSessionStore.getState().loginState).toBe('no-logged-in');
  });
});

describe('SessionManager dialogs', () => {
  it('shows the agreement-update dialog first to a user who has not accepted it', async () => {
    serve({ isReadAndAgreeNotify: false, isUserKeywork: false });
    signIn();
    renderWithApp(<SessionManager />);
    expect(await screen.findByRole('dialog', { name: '用户协议更新' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '完善信息' })).not.toBeInTheDocument();
  });

  it('asks a new registrant the registration interest, with the role choice', async () => {
    serve({ isUserKeywork: false });
    sessionStorage.setItem('wenyang.isNewRegister', '1');
    signIn();
    renderWithApp(<SessionManager />);
    expect(await screen.findByRole('dialog', { name: '完善信息' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '我是创作者' })).toBeInTheDocument();
  });

  it('shows the trial countdown while the server says so', async () => {
    serve({ showExpVIP: true, validitySecond: 600 });
    signIn();
    renderWithApp(<SessionManager />);
    expect(await screen.findByRole('timer')).toHaveTextContent(/体验会员剩余(10:00|09:59)/);
  });

  it('hides every account dialog from a user who is done with them', async () => {
    serve();
    signIn();
    const { queryClient } = renderWithApp(<SessionManager />);
    await waitFor(() => expect(userInfoOf(queryClient)).toBeDefined());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
