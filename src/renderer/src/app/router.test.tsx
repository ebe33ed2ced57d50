import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiClient from '../api/api-client';
import { useSessionStore } from '../stores/session-store';
import { AppProviders, createQueryClient } from './providers';
import { buildRouteObjects } from './router';
import type { RouteEntry } from './route-table';
import { ROUTES } from './route-table';

// No server in component tests: every call fails at once, as it would offline.
vi.mock('../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return { ...actual, callApi: () => Promise.reject(new actual.ApiError(500, '离线')) };
});

/** A concrete URL for an entry: each parameter gets a value its rule accepts. */
function sampleUrl(entry: RouteEntry): string {
  return entry.path
    .replace(/\/:(\w+)\?/g, (_, name: string) => (entry.params?.[name] ? '/12' : ''))
    .replace(/:(\w+)/g, (_, name: string) => {
      const rule = entry.params?.[name];
      for (const candidate of [
        '12',
        '12.html',
        'list-s1-a0-e0-p1',
        'list-f100-m1-t0-p2',
        'bqshengming',
        'abc',
      ]) {
        if (!rule || rule.test(candidate)) return candidate;
      }
      throw new Error(`no sample for ${entry.path}`);
    });
}

function renderAt(url: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const initialSession = useSessionStore.getState();

describe('route table', () => {
  // A signed-in visitor, so every route shows its page (the guest rules are tested below).
  beforeEach(() => {
    useSessionStore.setState(initialSession, true);
    useSessionStore.getState().markSignedIn();
  });

  it('registers every route of spec §2 once per path and parameter rule', () => {
    const keys = ROUTES.map((r) => `${r.path} ${Object.values(r.params ?? {}).join()}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ROUTES.length).toBeGreaterThan(120);
  });

  it.each(ROUTES.filter((r) => !r.page).map((r) => [sampleUrl(r), r.title] as const))(
    'renders %s with its title',
    async (url, title) => {
      renderAt(url);
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
      expect(document.title).toBe(`${title} - 纹样`);
    },
  );

  it('renders the home page at / and /3', async () => {
    for (const url of ['/', '/3']) {
      renderAt(url);
      expect(await screen.findByRole('banner')).toBeInTheDocument();
      expect(document.title).toBe('首页 - 纹样');
      cleanup();
    }
  });

  it.each(['/no/such/page', '/abc', '/tawDesigner/abc', '/demand/list-x', '/user/mywork/abc'])(
    'shows the 404 page for %s',
    async (url) => {
      renderAt(url);
      expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
    },
  );

  it('returns home from the 404 page', async () => {
    const router = renderAt('/nowhere');
    (await screen.findByRole('button', { name: '返回首页' })).click();
    await screen.findByRole('banner');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the simplified 订单结算 header on checkout pages', async () => {
    renderAt('/purchaseOrder');
    expect(await screen.findByText('订单结算')).toBeInTheDocument();
  });

  it('hides header and footer in embedded mode', async () => {
    sessionStorage.clear();
    const { useEmbedStore } = await import('../stores/embed-store');
    useEmbedStore.getState().setFromSearch('?saasParam=abc');
    renderAt('/theme');
    expect(await screen.findByRole('heading', { level: 2, name: '主题' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByText(/版权所有/)).not.toBeInTheDocument();
    useEmbedStore.setState({ saasParam: null, portalParam: null });
  });
});

describe('route login rules for guests (§6)', () => {
  beforeEach(() => {
    useSessionStore.setState(initialSession, true);
    useSessionStore.getState().clear();
  });

  it.each(['/user/myorder', '/user/mywork', '/publishWork', '/recharge'])(
    'shows 提示 游客请先登录 on %s and opens a closable login dialog',
    async (url) => {
      renderAt(url);
      expect(await screen.findByText('游客请先登录')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '提示' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '离开页面' })).toBeInTheDocument();
      expect(screen.queryByTestId('planned-page')).not.toBeInTheDocument();
      expect(useSessionStore.getState()).toMatchObject({
        loginDialogOpen: true,
        loginDialogClosable: true,
      });
    },
  );

  // These pages are built: they render (and load) under the dialog, so the test waits for the gate.
  it('forces a login dialog that cannot be closed on /work/detail', async () => {
    renderAt('/work/detail?id=3');
    await waitFor(() =>
      expect(useSessionStore.getState()).toMatchObject({
        loginDialogOpen: true,
        loginDialogClosable: false,
      }),
    );
    expect(document.title).toBe('作品详情 - 纹样');
  });

  it('prompts a closable login dialog on /theme/detail/{id}', async () => {
    renderAt('/theme/detail/12');
    await waitFor(() =>
      expect(useSessionStore.getState()).toMatchObject({
        loginDialogOpen: true,
        loginDialogClosable: true,
      }),
    );
    expect(document.title).toBe('主题详情 - 纹样');
  });

  it('closes the dialog a route opened when the guest leaves it', async () => {
    const router = renderAt('/work/detail?id=3');
    await waitFor(() => expect(useSessionStore.getState().loginDialogOpen).toBe(true));
    await act(() => router.navigate('/theme'));
    expect(await screen.findByRole('heading', { level: 2, name: '主题' })).toBeInTheDocument();
    expect(useSessionStore.getState().loginDialogOpen).toBe(false);
  });

  it('leaves public pages alone', async () => {
    renderAt('/theme');
    expect(await screen.findByRole('heading', { level: 2, name: '主题' })).toBeInTheDocument();
    expect(useSessionStore.getState().loginDialogOpen).toBe(false);
  });

  it('waits for the session check before judging a user page', async () => {
    useSessionStore.setState(initialSession, true);
    renderAt('/user/myorder');
    await screen.findByRole('banner');
    expect(screen.queryByText('游客请先登录')).not.toBeInTheDocument();
    expect(useSessionStore.getState().loginDialogOpen).toBe(false);
  });
});

describe('designer tool pages (#6)', () => {
  beforeEach(() => {
    useSessionStore.setState(initialSession, true);
    useSessionStore.getState().markSignedIn();
  });

  it('shows the designer tools on /plantEntrance', async () => {
    renderAt('/plantEntrance');
    expect(await screen.findByRole('heading', { level: 1, name: '设计工具' })).toBeInTheDocument();
  });

  it('sends a user who has not settled in from a publish part to the settle-in page', async () => {
    const router = renderAt('/publishWork/conponents/series');
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/spread'));
  });

  it('shows the 404 page for an unknown publish part, whoever asks', async () => {
    renderAt('/publishWork/conponents/nothing');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });
});
