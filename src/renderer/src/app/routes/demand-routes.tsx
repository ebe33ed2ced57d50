import { useParams, useSearchParams } from 'react-router-dom';
import { DemandCentrePage } from '../../features/demands/components/demand-centre-page';
import { DemandContributePage } from '../../features/demands/components/demand-contribute-page';
import {
  DemandDetailPage,
  type DemandTab,
} from '../../features/demands/components/demand-detail-page';
import { DemandListPage } from '../../features/demands/components/demand-list-page';
import { DemandReleasePage } from '../../features/demands/components/demand-release-page';
import { MyDemandPage } from '../../features/demands/components/my-demand-pages';
import { MembershipDialog } from '../../features/membership/components/membership-dialog';
import { idFromHtml, positiveId } from './route-params';

// Custom-pattern demands (docs/demands.md): the demand pages share one chunk.

/** /demand 图案定制. */
export const DemandCentreRoute = () => <DemandCentrePage />;
/** /demand/list and /demand/list-s…/list-f… 需求列表. */
export const DemandListRoute = () => <DemandListPage />;
/** /demand/contribute 我要投稿. */
export const DemandContributeRoute = () => <DemandContributePage />;
/** /demand/release 发布需求: a non-member sees the member dialog without its close button (§2). */
export const DemandReleaseRoute = () => (
  <DemandReleasePage memberDialog={() => <MembershipDialog open closable={false} />} />
);

/** The demand of a detail route: `{id}.html` in the path, or ?demandId= on /demand/detail…. */
function useDemandId(): number {
  const { segment, file } = useParams();
  const [query] = useSearchParams();
  return idFromHtml(segment ?? file) ?? positiveId(query.get('demandId')) ?? Number.NaN;
}

function detailRoute(tab: DemandTab) {
  return function DemandDetailRoute() {
    const demandId = useDemandId();
    return <DemandDetailPage key={demandId} demandId={demandId} tab={tab} />;
  };
}

/** /demand/{id}.html and /demand/detail 需求详情. */
export const DemandDetailRoute = detailRoute('detail');
/** /demand/Manuscript/{id}.html and /demand/detail/Manuscript 需求稿件. */
export const DemandManuscriptsRoute = detailRoute('manuscripts');
/** /demand/Mine/{id}.html and /demand/detail/Mine 我的稿件. */
export const DemandMineRoute = detailRoute('mine');

/** /user/myDemand 我的需求. */
export const MyDemandRoute = () => <MyDemandPage tab="published" />;
/** /user/myDemand/demandCollected 收藏的需求. */
export const MyDemandCollectedRoute = () => <MyDemandPage tab="collected" />;
/** /user/myDemand/signUp 报名的需求. */
export const MyDemandSignUpRoute = () => <MyDemandPage tab="signUp" />;
