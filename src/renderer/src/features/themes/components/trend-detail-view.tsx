import { Breadcrumb, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { useTrendDetail } from '../api/get-trend-detail';
import './themes.css';

const PAGE_SIZE = 20;

/** /trendPop/detail?id=: one trend list, its works in rank order. */
export function TrendDetailView({ trendId }: { trendId: number }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useTrendDetail({ id: trendId, pageIndex: page, pageSize: PAGE_SIZE });
  if (query.isError && isNotFoundError(query.error)) return <NotFoundPage />;
  const trend = query.data?.trend;
  return (
    <div className="page-container trend-detail">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={paths.trendPop}>趋势爆款</Link> },
          { title: trend?.title ?? '趋势详情' },
        ]}
      />
      <PageHeader
        title={trend?.title ?? '趋势详情'}
        subtitle={
          trend
            ? `${trend.subtitle} · 统计自 ${dayjs(trend.startsOn).format('YYYY年M月D日')}`
            : undefined
        }
        extra={trend ? <Tag color="blue">{trend.periodTitle}</Tag> : null}
      />
      {query.isError ? (
        <LoadError title="榜单加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      <WorkGrid works={query.data?.list} loading={query.isPending} emptyText="榜单暂无作品" />
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.total ?? 0}
        onChange={(next) => setParams({ id: String(trendId), page: String(next) })}
      />
    </div>
  );
}
