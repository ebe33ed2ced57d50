import { Skeleton, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { TrendCard } from '@shared/contract/themes';
import { CoverMosaic } from '../../../components/avatar-initial';
import { paths } from '../../../config/paths';
import { useTrendList } from '../api/get-reference-trend-list';
import './themes.css';

function TrendTile({ trend }: { trend: TrendCard }) {
  return (
    <Link to={paths.trendDetail(trend.id)} className="trend-card" data-testid="trend-card">
      <div className="trend-card__head">
        <strong>{trend.title}</strong>
        <Tag color="blue">{trend.periodTitle}</Tag>
      </div>
      <p>
        {trend.subtitle} · {trend.workCount} 件
      </p>
      <CoverMosaic covers={trend.covers} alt={trend.title} />
    </Link>
  );
}

/** The trend lists (hot-seller lists and trend references) as tiles leading to /trendPop/detail. */
export function TrendLists() {
  const { data, isPending } = useTrendList();
  return (
    <section className="home-section" aria-label="趋势榜单">
      <div className="home-section__header">
        <div>
          <h2>趋势榜单</h2>
          <p>爆款榜与编辑精选的流行趋势参考</p>
        </div>
      </div>
      {isPending ? <Skeleton active /> : null}
      <div className="trend-grid">
        {data?.map((t) => (
          <TrendTile key={t.id} trend={t} />
        ))}
      </div>
    </section>
  );
}
