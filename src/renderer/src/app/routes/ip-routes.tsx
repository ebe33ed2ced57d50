import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import { CollectToggle } from '../../features/collections/components/collect-toggle';
import { DesignerCard } from '../../features/designers/components/designer-card';
import { IpDetailView } from '../../features/ips/components/ip-detail-view';
import { IpListView } from '../../features/ips/components/ip-list-view';
import { idFromHtml } from './route-params';

/** /ip. */
export function IpListRoute() {
  return <IpListView />;
}

/** /ip/{id}.html. */
export function IpDetailRoute() {
  const { file } = useParams();
  const id = idFromHtml(file);
  const queryClient = useQueryClient();
  if (id === null) return <NotFoundPage />;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['ips', 'detail', id] });
  return (
    <IpDetailView
      key={id}
      id={id}
      collectAction={(ip) => (
        <CollectToggle
          targetType="ip"
          targetId={ip.id}
          isCollected={ip.isCollected}
          size="large"
          onChanged={refresh}
        />
      )}
      ownerCard={(ip) => <DesignerCard designer={ip.owner} onChanged={refresh} />}
    />
  );
}
