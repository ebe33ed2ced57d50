import { useSearchParams } from 'react-router-dom';
import { NotFoundPage } from '../../components/not-found-page';
import { PageHeader } from '../../components/page-header';
import { TrendDetailView } from '../../features/themes/components/trend-detail-view';
import { TrendLists } from '../../features/themes/components/trend-lists';
import { HotList } from '../../features/works/components/hot-list';
import { PopularPatterns } from '../../features/works/components/popular-patterns';
import { positiveId } from './route-params';

/** /trendPop: the hot-seller lists by period, then the trend lists. */
export function TrendPopRoute() {
  return (
    <div className="page-container trend-pop">
      <PageHeader
        title="趋势爆款"
        subtitle="工厂与电商卖家正在授权的热门花型，按授权销量实时排名"
      />
      <HotList />
      <div style={{ marginTop: 32 }}>
        <TrendLists />
      </div>
    </div>
  );
}

/** /trendPop/detail?id=. */
export function TrendDetailRoute() {
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  return id === null ? <NotFoundPage /> : <TrendDetailView trendId={id} />;
}

/** /popularPatterns. */
export function PopularPatternsRoute() {
  return <PopularPatterns />;
}
