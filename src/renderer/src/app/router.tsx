import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Outlet, createBrowserRouter } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { LAYOUTS } from './layouts/layouts';
import { RoutePage } from './route-page';
import type { LayoutKind, RouteEntry } from './route-table';
import { ROUTES } from './route-table';

/**
 * Route objects: one layout route per layout kind, one child per distinct path (entries sharing a path
 * are told apart by their parameter rules). A `shell` (the session and its dialogs) wraps every route.
 */
export function buildRouteObjects(
  entries: readonly RouteEntry[] = ROUTES,
  shell?: ReactNode,
): RouteObject[] {
  const byLayout = new Map<LayoutKind, Map<string, RouteEntry[]>>();
  for (const entry of entries) {
    const byPath = byLayout.get(entry.layout) ?? new Map<string, RouteEntry[]>();
    byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);
    byLayout.set(entry.layout, byPath);
  }
  const layoutRoutes: RouteObject[] = [...byLayout.entries()].map(([kind, byPath]) => {
    const Layout = LAYOUTS[kind];
    return {
      element: (
        <Layout>
          <Outlet />
        </Layout>
      ),
      children: [...byPath.entries()].map(([path, candidates]) => ({
        path,
        element: <RoutePage candidates={candidates} />,
      })),
    };
  });
  const routes = [...layoutRoutes, { path: '*', element: <NotFoundPage /> }];
  if (shell === undefined) return routes;
  return [
    {
      element: (
        <>
          {shell}
          <Outlet />
        </>
      ),
      children: routes,
    },
  ];
}

/** Clean paths everywhere: the desktop serves the built renderer from app://wenyang/ with an SPA fallback. */
export const createAppRouter = (shell?: ReactNode) =>
  createBrowserRouter(buildRouteObjects(ROUTES, shell));
