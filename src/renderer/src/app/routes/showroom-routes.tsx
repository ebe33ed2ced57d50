import { useParams, useSearchParams } from 'react-router-dom';
import { ShowroomAddPage } from '../../features/showrooms/components/showroom-add-page';
import { ShowroomComparePage } from '../../features/showrooms/components/showroom-compare-page';
import { ShowroomHallPage } from '../../features/showrooms/components/showroom-hall-page';
import { ShowroomListPage } from '../../features/showrooms/components/showroom-list-page';
import {
  ShowroomCooperatePage,
  ShowroomDeletePage,
  ShowroomInvitePage,
  ShowroomLockPage,
  ShowroomSettingPage,
  ShowroomUnlockHistoryPage,
} from '../../features/showrooms/components/showroom-manage-pages';
import { ShowroomScenePage } from '../../features/showrooms/components/showroom-scene-page';
import { ShowroomSharePage } from '../../features/showrooms/components/showroom-share-page';
import { hallIdOf } from '../../features/showrooms/lib/showroom-format';

// 我的展厅 (docs/showrooms.md): every showroom page in one chunk; a hall is ?id= on sub-pages.

const useHallId = (): number => {
  const [query] = useSearchParams();
  return hallIdOf(query.get('id'));
};

/** /user/myShowRoom and /design/user/myShowRoom. */
export const ShowroomListRoute = () => <ShowroomListPage />;
/** /user/myShowRoom/showRoomId/:showRoomId? (or ?id=). */
export function ShowroomHallRoute() {
  const { showRoomId } = useParams();
  const fromQuery = useHallId();
  const id = showRoomId === undefined ? fromQuery : hallIdOf(showRoomId);
  return <ShowroomHallPage key={id} id={id} />;
}
export const ShowroomAddRoute = () => <ShowroomAddPage />;
export const ShowroomDeleteRoute = () => <ShowroomDeletePage id={useHallId()} />;
export const ShowroomSettingRoute = () => <ShowroomSettingPage id={useHallId()} />;
export const ShowroomInviteRoute = () => <ShowroomInvitePage id={useHallId()} />;
export const ShowroomCooperateRoute = () => <ShowroomCooperatePage />;
export const ShowroomLockRoute = () => <ShowroomLockPage id={useHallId()} />;
export const ShowroomUnlockHistoryRoute = () => <ShowroomUnlockHistoryPage id={useHallId()} />;
export const ShowroomCompareRoute = () => <ShowroomComparePage id={useHallId()} />;
export const ShowroomSceneRoute = () => <ShowroomScenePage id={useHallId()} />;
/** /user/myShowRoom/share: ?token= for a link's visitor (no sign-in), ?id= for the owner. */
export function ShowroomShareRoute() {
  const [query] = useSearchParams();
  return <ShowroomSharePage id={useHallId()} token={query.get('token') ?? ''} />;
}
