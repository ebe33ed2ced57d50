import { Spin } from 'antd';
import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { PlannedPage } from '../components/planned-page';
import { GuestNotice } from '../features/accounts/components/guest-notice';
import { importWithReload } from '../lib/chunk-reload';
import { useSessionStore } from '../stores/session-store';
import type { PageKey, RouteAuth, RouteEntry } from './route-table';
import { matchEntry } from './route-table';

/** Built pages, loaded lazily per route group. */
const PAGES: Record<PageKey, ComponentType> = {
  home: lazy(() =>
    importWithReload(() => import('./routes/home-route')).then((m) => ({ default: m.HomeRoute })),
  ),
};

export const SITE_NAME = '纹样';

type RoutePageProps = { candidates: readonly RouteEntry[] };

type Gate = 'open' | 'wait' | 'guest';

/**
 * §6 Login rules of a route, for guests: `prompt` opens the login dialog (closable), `force` opens one
 * that cannot be closed, `user` opens it and shows 提示 游客请先登录 instead of the page. The dialog
 * the route opened closes when the guest leaves the route.
 */
function useRouteAuthGate(auth: RouteAuth | undefined): Gate {
  const checked = useSessionStore((s) => s.sessionChecked);
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const guest = checked && !signedIn;
  useEffect(() => {
    if (!guest || !auth || auth === 'none') return undefined;
    const store = useSessionStore.getState();
    store.openLoginDialog({ closable: auth !== 'force' });
    return () => store.closeLoginDialog();
  }, [guest, auth]);
  if (auth !== 'user' || signedIn) return 'open';
  return checked ? 'guest' : 'wait';
}

/** Renders the entry whose parameter rules match, sets the document title, or shows the 404 page. */
export function RoutePage({ candidates }: RoutePageProps) {
  const params = useParams();
  const entry = matchEntry(candidates, params);
  const gate = useRouteAuthGate(entry?.auth);
  useEffect(() => {
    document.title = entry ? `${entry.title} - ${SITE_NAME}` : `${SITE_NAME} - 页面不存在`;
  }, [entry]);
  if (!entry) return <NotFoundPage />;
  // User pages are not rendered for guests, so they never call for data they cannot have.
  if (gate === 'wait') return <Spin size="large" className="route-spinner" />;
  if (gate === 'guest') return <GuestNotice />;
  const Page = entry.page ? PAGES[entry.page] : undefined;
  return Page ? (
    <Suspense fallback={<Spin size="large" className="route-spinner" />}>
      <Page />
    </Suspense>
  ) : (
    <PlannedPage title={entry.title} />
  );
}
