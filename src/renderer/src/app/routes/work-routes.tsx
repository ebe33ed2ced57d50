import { WorkListView } from '../../features/works/components/work-list-view';

/** /work (headerType 3 category exclusive, 4 materials); the detail is work-detail-route.tsx. */
export function WorkListRoute() {
  return <WorkListView />;
}
