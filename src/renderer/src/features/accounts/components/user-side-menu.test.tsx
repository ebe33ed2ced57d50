import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@shared/contract/accounts';
import { getUserInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { renderWithApp } from '../../../test/render-with-app';
import { mockCall } from '../../../test/mock-call';
import { createTestQueryClient, signInAs } from '../../../test/session';
import type { SideGroup, SideMenuViewer } from './user-side-menu';
import { UserSideMenu, buildSideMenu } from './user-side-menu';

const INFO: UserInfo = {
  userId: 7,
  caiHongID: '10086',
  userName: '林设计',
  headImg: '',
  smallHeadImg: '',
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

// Offline unless a test answers: the menu then knows nothing of the user's role.
const answers = vi.hoisted(() => ({ role: null as UserInfo['role'] | null }));
vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: (call: CallDef) =>
      call === getUserInfo && answers.role
        ? Promise.resolve(mockCall(getUserInfo, { ...INFO, role: answers.role }))
        : Promise.reject(new actual.ApiError(500, '离线')),
  };
});

const initialSession = useSessionStore.getState();

const labels = (groups: SideGroup[]) =>
  Object.fromEntries(groups.map((g) => [g.group, g.items.map((i) => i.label)]));
const link = (groups: SideGroup[], key: string) =>
  groups.flatMap((g) => g.items).find((i) => i.key === key);

const GUEST: SideMenuViewer = { signedIn: false, status: null };
const BUYER: SideMenuViewer = { signedIn: true, status: { status: 0, settleStatus: 0 }, userId: 7 };
const DESIGNER: SideMenuViewer = {
  signedIn: true,
  status: { status: 1, settleStatus: 0 },
  userId: 7,
};
const SETTLED: SideMenuViewer = {
  signedIn: true,
  status: { status: 1, settleStatus: 1 },
  userId: 7,
};

const MANAGEMENT = [
  '我的订单',
  '我的收藏',
  '我的需求',
  '我的关注',
  '我的花型',
  '先推后买',
  '我的新品',
  '我的投诉',
];

describe('buildSideMenu role rules', () => {
  it('shows a guest nothing', () => {
    expect(buildSideMenu(GUEST)).toEqual([]);
  });

  it('shows a buyer the management, account and finance menus, without shop or withdrawal', () => {
    expect(labels(buildSideMenu(BUYER))).toEqual({
      管理中心: MANAGEMENT,
      账户: ['个人资料', '账户安全', '实名认证', '消息中心', '在线客服'],
      财务: ['充值'],
    });
  });

  it('treats a signed-in user whose status is unknown as a buyer', () => {
    expect(labels(buildSideMenu({ signedIn: true, status: null }))).toEqual(
      labels(buildSideMenu(BUYER)),
    );
  });

  it('shows a designer the shop menu, publishing through the onboarding page, no gallery', () => {
    const groups = buildSideMenu(DESIGNER);
    expect(groups.map((g) => g.group)).toEqual(['店铺管理', '管理中心', '账户', '财务']);
    expect(labels(groups)['店铺管理']).toEqual(['发布作品', '作品管理', '销售记录', '设计师资料']);
    expect(link(groups, 'publish')).toMatchObject({ to: '/application/spread' });
    expect(link(groups, 'publish')?.newTab).toBeFalsy();
    // 设计师资料 is a real page of ours: the settle-in application with its details and status.
    expect(link(groups, 'designerInfo')).toMatchObject({ to: '/application/spread' });
    expect(link(groups, 'designerInfo')?.external).toBeFalsy();
    expect(labels(groups)['财务']).toEqual(['充值']);
  });

  it('lets a settled designer publish in a new tab, open the gallery and withdraw', () => {
    const groups = buildSideMenu(SETTLED);
    expect(labels(groups)['店铺管理']).toEqual([
      '发布作品',
      '作品管理',
      '销售记录',
      '我的图库',
      '设计师资料',
    ]);
    expect(link(groups, 'publish')).toMatchObject({ to: '/publishWork', newTab: true });
    expect(link(groups, 'gallery')).toMatchObject({ to: '/tawDesigner/7.html' });
    expect(labels(groups)['财务']).toEqual(['提现', '充值']);
    expect(link(groups, 'withdraw')).toMatchObject({ to: '/user/mybalance/accWithdraw' });
    expect(link(groups, 'recharge')).toMatchObject({ to: '/recharge', newTab: true });
  });

  it('opens a configured outside designer-info site for 设计师资料 in a new tab', () => {
    const groups = buildSideMenu({ ...SETTLED, designerInfoUrl: 'https://designer.example.com/' });
    expect(link(groups, 'designerInfo')).toMatchObject({
      to: 'https://designer.example.com/',
      external: true,
      newTab: true,
    });
  });

  it('gives an admin the way to the back office, and nobody else', () => {
    const admin = buildSideMenu({ ...BUYER, role: 'admin' });
    expect(admin.map((g) => g.group)).toEqual(['管理中心', '账户', '财务', '平台管理']);
    expect(link(admin, 'admin')).toMatchObject({ label: '审核后台', to: '/admin' });
    expect(link(buildSideMenu({ ...SETTLED, role: 'user' }), 'admin')).toBeUndefined();
    expect(link(buildSideMenu(SETTLED), 'admin')).toBeUndefined();
    expect(buildSideMenu({ ...GUEST, role: 'admin' })).toEqual([]);
  });
});

describe('UserSideMenu', () => {
  beforeEach(() => {
    useSessionStore.setState(initialSession, true);
    answers.role = null;
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders nothing for a guest', () => {
    renderWithApp(<UserSideMenu />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('renders the groups of a settled designer and navigates inside the site', async () => {
    const queryClient = createTestQueryClient();
    signInAs(queryClient, INFO, { status: 1, settleStatus: 1 });
    renderWithApp(<UserSideMenu />, { initialEntries: ['/user/myorder'], queryClient });
    const menu = screen.getByRole('menu');
    for (const group of ['店铺管理', '管理中心', '账户', '财务']) {
      expect(within(menu).getByText(group)).toBeInTheDocument();
    }
    expect(within(menu).getByText('提现')).toBeInTheDocument();
    await userEvent.click(within(menu).getByText('我的收藏'));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/myCollect');
  });

  it('opens 充值 in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const queryClient = createTestQueryClient();
    signInAs(queryClient, INFO, { status: 0, settleStatus: 0 });
    renderWithApp(<UserSideMenu />, { initialEntries: ['/user/myorder'], queryClient });
    expect(screen.queryByText('店铺管理')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('充值'));
    expect(open).toHaveBeenCalledWith('/recharge', '_blank', 'noopener');
  });

  it('opens the back office from 审核后台 for an admin', async () => {
    answers.role = 'admin';
    const queryClient = createTestQueryClient();
    signInAs(queryClient, INFO, { status: 0, settleStatus: 0 });
    renderWithApp(<UserSideMenu />, { initialEntries: ['/user/myorder'], queryClient });
    await userEvent.click(await screen.findByText('审核后台'));
    expect(screen.getByText('平台管理')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
  });

  it('shows no back office entry to a user without the admin role', async () => {
    answers.role = 'user';
    const queryClient = createTestQueryClient();
    signInAs(queryClient, INFO, { status: 1, settleStatus: 1 });
    renderWithApp(<UserSideMenu />, { initialEntries: ['/user/myorder'], queryClient });
    await waitFor(() =>
      expect(queryClient.getQueryData(['accounts', 'user-info'])).toMatchObject({ role: 'user' }),
    );
    expect(screen.getByText('店铺管理')).toBeInTheDocument();
    expect(screen.queryByText('审核后台')).not.toBeInTheDocument();
  });
});
