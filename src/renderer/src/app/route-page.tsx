import { Spin } from 'antd';
import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../components/not-found-page';
import { PlannedPage } from '../components/planned-page';
import { importWithReload } from '../lib/chunk-reload';
import type { PageKey, RouteEntry } from './route-table';
import { matchEntry } from './route-table';

/** Built pages, loaded lazily per route group. */
const PAGES: Record<PageKey, ComponentType> = {
  home: lazy(() =>
    importWithReload(() => import('./routes/home-route')).then((m) => ({ default: m.HomeRoute })),
  ),
};

export const SITE_NAME = '纹样';

type RoutePageProps = { candidates: readonly RouteEntry[] };

/** Renders the entry whose parameter rules match, sets the document title, or shows the 404 page. */
export function RoutePage({ candidates }: RoutePageProps) {
  const params = useParams();
  const entry = matchEntry(candidates, params);
  useEffect(() => {
    document.title = entry ? `${entry.title} - ${SITE_NAME}` : `${SITE_NAME} - 页面不存在`;
  }, [entry]);
  if (!entry) return <NotFoundPage />;
  const Page = entry.page ? PAGES[entry.page] : undefined;
  return Page ? (
    <Suspense fallback={<Spin size="large" className="route-spinner" />}>
      <Page />
    </Suspense>
  ) : (
    <PlannedPage title={entry.title} />
  );
}
