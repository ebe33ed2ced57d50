import { useLocation, useParams } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import type { CollectTab } from '../../features/collections/components/my-collect-view';
import { CollectGroupView } from '../../features/collections/components/collect-group-view';
import { MyCollectView } from '../../features/collections/components/my-collect-view';
import { MyConcernView } from '../../features/collections/components/my-concern-view';
import { MyTrackView } from '../../features/collections/components/my-track-view';
import { FollowDesignerButton } from '../../features/designers/components/follow-designer-button';
import { FollowHallButton } from '../../features/enterprise/components/follow-hall-button';

const TABS: Record<string, CollectTab> = {
  demandCollected: 'demand',
  ipCollected: 'ip',
  templateCollected: 'template',
  themeCollected: 'theme',
};

/** /user/myCollect and its tabs. */
export function MyCollectRoute() {
  const { pathname } = useLocation();
  const tab = TABS[pathname.split('/')[3] ?? ''] ?? 'work';
  return <MyCollectView tab={tab} />;
}

/** /user/myCollect/{collectDetails}: one group (0 = 未分组). */
export function MyCollectGroupRoute() {
  const { collectDetails } = useParams();
  const id = /^\d+$/.test(collectDetails ?? '') ? Number(collectDetails) : null;
  return id === null ? <NotFoundPage /> : <CollectGroupView key={id} groupId={id} />;
}

/** /user/myConcern: unfollowing goes through the designer or hall follow call. */
export function MyConcernRoute() {
  return (
    <MyConcernView
      unfollowAction={(item) =>
        item.targetType === 'hall' ? (
          <FollowHallButton userId={item.userId} followed />
        ) : (
          <FollowDesignerButton userId={item.userId} followed />
        )
      }
    />
  );
}

/** /user/mytrack (+workTrack, themeTrack). */
export function MyTrackRoute() {
  const { pathname } = useLocation();
  return <MyTrackView tab={pathname.endsWith('/themeTrack') ? 'theme' : 'work'} />;
}
