import { Spin } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import { HallChannelView } from '../../features/enterprise/components/hall-channel-view';
import { HallEdit } from '../../features/enterprise/components/hall-edit-view';
import { HallFrame } from '../../features/enterprise/components/hall-header';
import { HallHomeView } from '../../features/enterprise/components/hall-home-view';
import { HallListView } from '../../features/enterprise/components/hall-list-view';
import { useCreationArea } from '../../features/works/api/get-creation-area';
import { DesignerWorks } from '../../features/works/components/designer-works';
import { idFromHtml, positiveId } from './route-params';

function useHallOwner(): number | null {
  const { file } = useParams();
  return idFromHtml(file);
}

/** /enterprise. */
export function EnterpriseListRoute() {
  const areas = useCreationArea();
  return <HallListView areas={areas.data ?? []} />;
}

/** /enterprise/{userId}.html. */
export function EnterpriseHallRoute() {
  const userId = useHallOwner();
  if (userId === null) return <NotFoundPage />;
  return (
    <HallFrame key={userId} userId={userId} active="home">
      {(hall) => <HallHomeView hall={hall} />}
    </HallFrame>
  );
}

/** /enterprise/channel/{userId}.html?channelId= (the first channel when none is given). */
export function EnterpriseChannelRoute() {
  const userId = useHallOwner();
  const [params] = useSearchParams();
  const wanted = positiveId(params.get('channelId'));
  if (userId === null) return <NotFoundPage />;
  return (
    <HallFrame userId={userId} active={(hall) => `channel-${wanted ?? hall.channels[0]?.id ?? 0}`}>
      {(hall) => {
        const channelId = wanted ?? hall.channels[0]?.id;
        return channelId === undefined ? (
          <NotFoundPage />
        ) : (
          <HallChannelView key={channelId} hall={hall} channelId={channelId} />
        );
      }}
    </HallFrame>
  );
}

/** /enterprise/work/{userId}.html: every work of the hall. */
export function EnterpriseWorksRoute() {
  const userId = useHallOwner();
  if (userId === null) return <NotFoundPage />;
  return (
    <HallFrame userId={userId} active="works">
      {(hall) => <DesignerWorks designerId={hall.userId} withSeries={false} />}
    </HallFrame>
  );
}

/** /enterprise/edit/{userId}.html: the owner's editor. */
export function EnterpriseEditRoute() {
  const userId = useHallOwner();
  const areas = useCreationArea();
  if (userId === null) return <NotFoundPage />;
  // The form takes its initial area from the tree, so it waits for it.
  if (areas.isPending) return <Spin size="large" className="route-spinner" />;
  return <HallEdit userId={userId} areas={areas.data ?? []} />;
}
