import { Card, Spin, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useAdminOverview } from '../api/get-admin-overview';

/** /admin: what waits for a reviewer. */
export function AdminOverview() {
  const overview = useAdminOverview();
  if (overview.isError) {
    return (
      <LoadError
        title="概览加载失败"
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  if (!overview.data) return <Spin />;
  const o = overview.data;
  return (
    <>
      <h2>概览</h2>
      <div className="admin-overview">
        <Card>
          <Statistic title="待审核入驻申请" value={o.pendingApplications} />
          <Link to={paths.admin.applications}>去审核</Link>
        </Card>
        <Card>
          <Statistic title="待审核作品" value={o.pendingWorks} />
          <Link to={paths.admin.works}>去审核</Link>
        </Card>
        <Card>
          <Statistic title="已入驻设计师" value={o.settledDesigners} />
        </Card>
        <Card>
          <Statistic title="已发布作品" value={o.publishedWorks} />
        </Card>
      </div>
    </>
  );
}
