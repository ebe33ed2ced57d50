import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, Modal } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@shared/contract/accounts';
import { useSessionStore } from '@renderer/stores/session-store';
import { createTestQueryClient, signInAs } from '@renderer/test/session';
import { loadDropdown } from './lazy-dropdown';
import { SITE_NAV_ITEMS, SiteHeader } from './site-header';

const initialSession = useSessionStore.getState();
const initialWidth = window.innerWidth;

const user: UserInfo = {
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

let queryClient: QueryClient;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** A configured DESIGN_CLOUD_URL (Support/GetBasicInfo). */
const DESIGN_CLOUD = 'https://cloud.example.com/';

function renderHeader(props: Partial<Parameters<typeof SiteHeader>[0]> = {}, initialPath = '/') {
  const onLogout = props.onLogout ?? vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>
        <MemoryRouter initialEntries={[initialPath]}>
          <SiteHeader onLogout={onLogout} designCloudUrl={DESIGN_CLOUD} {...props} />
          <Routes>
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { onLogout };
}

function setViewportWidth(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

function currentLocation() {
  return screen.getByTestId('location').textContent;
}

function banner() {
  return screen.getByRole('banner');
}

// The header's menus (antd Dropdown) load after its first render (lazy-dropdown.tsx); here they are
// in before the first test, as they are a moment after a page opens.
beforeAll(() => loadDropdown(), 60_000);

beforeEach(() => {
  useSessionStore.setState(initialSession, true);
  queryClient = createTestQueryClient();
  window.innerWidth = 1500;
  // jsdom does not implement the pseudo-element argument antd's scroll locker passes.
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});

afterEach(() => {
  Modal.destroyAll();
  vi.restoreAllMocks();
  window.innerWidth = initialWidth;
});

describe('SiteHeader navigation', () => {
  it('shows every nav item in order, each linking to its page', () => {
    renderHeader();
    const nav = screen.getByRole('navigation');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SITE_NAV_ITEMS.map((i) => i.label));
    const hrefs = Object.fromEntries(links.map((l) => [l.textContent, l.getAttribute('href')]));
    expect(hrefs).toEqual({
      首页: '/',
      趋势爆款: '/trendPop',
      主题: '/theme',
      品类独家: '/work?headerType=3',
      素材: '/work?headerType=4',
      新品生成: '/design/index',
      图案定制: '/demand',
      设计师入驻: '/application/spread',
      设计云: DESIGN_CLOUD,
    });
  });

  it('opens 新品生成 and 设计云 in a new tab, the other items in place', () => {
    renderHeader();
    const nav = screen.getByRole('navigation');
    for (const label of ['新品生成', '设计云']) {
      const link = within(nav).getByRole('link', { name: label });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(within(nav).getByRole('link', { name: '主题' })).not.toHaveAttribute('target');
  });

  it('highlights the item of the current page, telling 品类独家 and 素材 apart', () => {
    renderHeader({}, '/work?headerType=4');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: '素材' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '品类独家' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current');
  });

  it('leaves 设计云 out when no design cloud address is configured', () => {
    renderHeader({ designCloudUrl: null });
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByRole('link', { name: '设计云' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '设计师入驻' })).toBeInTheDocument();
  });

  it('shows 西南民族文化基地 only for entitled users', () => {
    renderHeader();
    expect(screen.queryByRole('link', { name: '西南民族文化基地' })).not.toBeInTheDocument();
  });

  it('shows 西南民族文化基地 last when showSouthwestFolk is set', () => {
    renderHeader({ showSouthwestFolk: true });
    const links = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(links.at(-1)).toHaveTextContent('西南民族文化基地');
    expect(links.at(-1)).toHaveAttribute('href', '/southwestFolk/southwestParent');
  });

  it('collapses into a compact menu below 1400px and expands again at 1500px', async () => {
    renderHeader();
    expect(banner()).toHaveAttribute('data-compact', 'false');

    setViewportWidth(1300);
    expect(banner()).toHaveAttribute('data-compact', 'true');
    expect(banner()).toHaveClass('site-header--compact');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: '首页' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: '设计云' })).not.toBeInTheDocument();

    await userEvent.hover(within(nav).getByRole('button', { name: /更多/ }));
    expect(await screen.findByRole('link', { name: '设计云' })).toHaveAttribute(
      'href',
      DESIGN_CLOUD,
    );

    setViewportWidth(1500);
    expect(banner()).toHaveAttribute('data-compact', 'false');
    expect(within(nav).queryByRole('button', { name: /更多/ })).not.toBeInTheDocument();
  });
});

describe('SiteHeader search and entries', () => {
  it('searches the trimmed keyword when Enter is pressed', async () => {
    renderHeader();
    const box = screen.getByPlaceholderText('搜索图案、主题、设计师');
    await userEvent.type(box, '  牡丹 花{Enter}');
    expect(currentLocation()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('牡丹 花')}`);
  });

  it('does not search for a blank keyword', async () => {
    renderHeader({}, '/theme');
    await userEvent.type(screen.getByPlaceholderText('搜索图案、主题、设计师'), '   {Enter}');
    expect(currentLocation()).toBe('/theme');
  });

  it('offers image search from the search box', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: /以图搜图/ })).toHaveAttribute('href', '/AiSearchImg');
  });

  it('links the right-hand entries, opening 充值 in a new tab', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: '智能搜图' })).toHaveAttribute('href', '/AiSearchImg');
    expect(screen.getByRole('link', { name: '开通VIP' })).toHaveAttribute('href', '/vip');
    expect(screen.getByRole('link', { name: 'AI搜索' })).toHaveAttribute('href', '/ai-search');
    const recharge = screen.getByRole('link', { name: '充值' });
    expect(recharge).toHaveAttribute('href', '/recharge');
    expect(recharge).toHaveAttribute('target', '_blank');
  });

  it('sends a visitor who wants to sell works to designer settle-in', () => {
    renderHeader();
    const sell = screen.getByRole('link', { name: '我要卖图' });
    expect(sell).toHaveAttribute('href', '/application/spread');
    expect(sell).not.toHaveAttribute('target');
  });

  it('lets a settled designer publish a work in a new tab', () => {
    signInAs(queryClient, user, { status: 1, settleStatus: 1 });
    renderHeader();
    const sell = screen.getByRole('link', { name: '我要卖图' });
    expect(sell).toHaveAttribute('href', '/publishWork');
    expect(sell).toHaveAttribute('target', '_blank');
  });
});

describe('SiteHeader account area', () => {
  it('offers 登录/注册 when signed out and opens the login dialog on click', async () => {
    renderHeader();
    expect(screen.queryByRole('link', { name: '个人中心' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
  });

  it('takes a settled designer from the avatar to /user/mywork', async () => {
    signInAs(queryClient, user, { status: 1, settleStatus: 1 });
    renderHeader();
    expect(screen.queryByRole('button', { name: '登录/注册' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '个人中心' }));
    expect(currentLocation()).toBe('/user/mywork');
  });

  it('takes any other signed-in user from the avatar to /user/myorder', async () => {
    signInAs(queryClient, user, { status: 0, settleStatus: 0 });
    renderHeader();
    const avatar = screen.getByRole('link', { name: '个人中心' });
    expect(avatar).toHaveTextContent('林');
    await userEvent.click(avatar);
    expect(currentLocation()).toBe('/user/myorder');
  });

  it('shows the account menu on hover with the ID and the user pages', async () => {
    signInAs(queryClient, user, { status: 0, settleStatus: 0 });
    renderHeader();
    await userEvent.hover(screen.getByRole('link', { name: '个人中心' }));
    expect(await screen.findByText('ID: 10086')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '我的订单' })).toHaveAttribute('href', '/user/myorder');
    expect(screen.getByRole('link', { name: '我的需求' })).toHaveAttribute(
      'href',
      '/user/myDemand',
    );
    expect(screen.getByRole('link', { name: '我的新品' })).toHaveAttribute(
      'href',
      '/user/myTemplate',
    );
    expect(screen.getByTestId('header-member-status')).toHaveTextContent('未开通会员');
    expect(screen.getByRole('link', { name: '开通会员' })).toHaveAttribute('href', '/openMember');
  });

  it('shows the member expiry in the account menu', async () => {
    const end = new Date(2031, 4, 1, 12).getTime();
    signInAs(
      queryClient,
      { ...user, memberType: 1, vipEndTime: end },
      { status: 0, settleStatus: 0 },
    );
    renderHeader();
    await userEvent.hover(screen.getByRole('link', { name: '个人中心' }));
    expect(await screen.findByTestId('header-member-status')).toHaveTextContent(
      '会员有效期至 2031-05-01',
    );
  });

  it('under 1250px opens the account menu by click only, and logs out after confirming', async () => {
    signInAs(queryClient, user, { status: 0, settleStatus: 0 });
    window.innerWidth = 1200;
    const { onLogout } = renderHeader();

    await userEvent.hover(screen.getByRole('link', { name: '个人中心' }));
    expect(screen.queryByText('ID: 10086')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '账户菜单' }));
    await userEvent.click(await screen.findByText('退出登录'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('确定要退出登录吗？');
    expect(onLogout).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
  });
});

describe('SiteHeader order variant', () => {
  it('shows only the logo and 订单结算', () => {
    renderHeader({ variant: 'order' });
    expect(screen.getByText('订单结算')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '纹样' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('搜索图案、主题、设计师')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '登录/注册' })).not.toBeInTheDocument();
  });
});
