import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo, VipInfo } from '@shared/contract/accounts';
import { getMyInfo, getOrgAvatar, getUserInfo, getVipInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithApp } from '../../../test/render-with-app';
import { UserCentreHeader, membershipText } from './user-centre-header';
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
  userName: '林设计',
  headImg: '/files/public/avatars/80012345.svg',
  smallHeadImg: '/files/public/avatars/80012345.svg',
  memberType: 0,
  memberTypeName: '',
  isExpVip: false,
  expLeftTimes: 0,
  vipEndTime: 0,
  validitySecond: 0,
  settledInType: 1,
  isReadAndAgreeNotify: true,
  isUserKeywork: true,
  showExpVIP: false,
  isNewRegister: false,
  role: 'user',
};
const NO_VIP: VipInfo = {
  vipType: 0,
  vipEndTime: 0,
  vipTryEndTime: 0,
  userAuthList: [],
  userAuths: '',
};

function serve(answers: { vip?: VipInfo; orgFlag?: number; avatar?: string }) {
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getUserInfo) return mockCall(getUserInfo, INFO);
    if (call === getVipInfo) return mockCall(getVipInfo, answers.vip ?? NO_VIP);
    if (call === getMyInfo)
      return mockCall(getMyInfo, { orgInfo: { orgFlag: answers.orgFlag ?? 1, orgName: '' } });
    if (call === getOrgAvatar) return mockCall(getOrgAvatar, { avatar: answers.avatar ?? '' });
    throw new Error(`unexpected ${call.name}`);
  });
}

beforeEach(() => {
  useSessionStore.setState(initialSession, true);
  useSessionStore.getState().markSignedIn();
  callApi.mockReset();
});

afterEach(() => vi.restoreAllMocks());

describe('membershipText', () => {
  const now = new Date('2024-05-01T00:00:00Z').getTime();
  it('names each member status', () => {
    expect(membershipText({ kind: 'valid', until: now })).toBe('会员有效期至 2024-05-01');
    expect(membershipText({ kind: 'expired' })).toBe('会员已过期');
    expect(membershipText({ kind: 'trial', until: now })).toBe('体验会员');
    expect(membershipText({ kind: 'none' })).toBe('未开通会员');
  });
});

describe('UserCentreHeader', () => {
  it('shows nothing to a guest', () => {
    useSessionStore.getState().clear();
    renderWithApp(<UserCentreHeader />);
    expect(screen.queryByTestId('user-centre-header')).not.toBeInTheDocument();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('shows name, rainbow number, personal badge and 未开通会员', async () => {
    serve({});
    renderWithApp(<UserCentreHeader />);
    expect(await screen.findByText('林设计')).toBeInTheDocument();
    expect(screen.getByText('彩虹号：80012345')).toBeInTheDocument();
    expect(await screen.findByText('个人')).toBeInTheDocument();
    expect(await screen.findByText('未开通会员')).toBeInTheDocument();
  });

  it('shows the enterprise badge and the expiry date of a paid member', async () => {
    const until = new Date('2030-06-30T12:00:00').getTime();
    serve({
      orgFlag: 2,
      avatar: '/files/public/org.png',
      vip: { ...NO_VIP, vipType: 2, vipEndTime: Math.floor(until / 1000) },
    });
    renderWithApp(<UserCentreHeader />);
    expect(await screen.findByText('企业')).toBeInTheDocument();
    expect(await screen.findByText('会员有效期至 2030-06-30')).toBeInTheDocument();
  });

  it('copies the rainbow number and says 复制成功', async () => {
    serve({});
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<UserCentreHeader />);
    await userEvent.click(await screen.findByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('80012345');
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
  });

  it('leads 开通会员 to /openMember', async () => {
    serve({});
    renderWithApp(<UserCentreHeader />);
    await userEvent.click(await screen.findByRole('button', { name: '开通会员' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/openMember');
  });
});
