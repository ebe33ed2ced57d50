import type { RouteObject } from 'react-router-dom';
import { Outlet, createBrowserRouter, createHashRouter } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { LAYOUTS } from './layouts/layouts';
import { RoutePage } from './route-page';
import type { LayoutKind, RouteEntry } from './route-table';
import { ROUTES } from './route-table';

/** Route objects: one layout route per layout kind, one child per distinct path (entries sharing a path are told apart by their parameter rules). */
export function buildRouteObjects(entries: readonly RouteEntry[] = ROUTES): RouteObject[] {
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
  return [...layoutRoutes, { path: '*', element: <NotFoundPage /> }];
}

/** Clean paths on the web; a hash router when the desktop loads the built renderer from file://. */
export const createAppRouter = () =>
  window.location.protocol === 'file:'
    ? createHashRouter(buildRouteObjects())
    : createBrowserRouter(buildRouteObjects());
