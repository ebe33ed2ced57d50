import { EnvironmentOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import type { AreaNode } from '@shared/contract/works';
import { CoverMosaic } from '../../../components/avatar-initial';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { GridPager } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useHallList } from '../api/get-enterprise-hall-list';
import './enterprise.css';

const PAGE_SIZE = 10;

/** /enterprise: the halls of design companies, filterable by province. */
export function HallListView({ areas }: { areas: readonly AreaNode[] }) {
  const [params, setParams] = useSearchParams();
  const areaId = Number(params.get('areaId')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useHallList({ pageIndex: page, pageSize: PAGE_SIZE, ...(areaId ? { areaId } : {}) });
  const provinces = areas.flatMap((region) =>
    region.subList.map((p) => ({ value: p.areaId, label: `${region.title} · ${p.title}` })),
  );
  return (
    <div className="page-container hall-list">
      <PageHeader
        title="企业展厅"
        subtitle="设计公司的作品展厅：频道、推荐作品与企业资质"
        extra={
          <Select
            allowClear
            placeholder="所在地区"
            style={{ width: 200 }}
            value={areaId}
            options={provinces}
            onChange={(value?: number) => setParams(value ? { areaId: String(value) } : {})}
          />
        }
      />
      {list.isError ? (
        <LoadError title="展厅加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      <div className="hall-grid">
        {list.data?.list.map((h) => (
          <Link
            key={h.userId}
            to={paths.enterpriseHall(h.userId)}
            className="hall-tile"
            data-testid="hall-tile"
          >
            <div
              className="hall-tile__banner"
              style={{
                backgroundImage: h.bannerUrl ? `url(${serverUrl(h.bannerUrl)})` : undefined,
              }}
            >
              <strong>{h.name}</strong>
            </div>
            <div className="hall-tile__body">
              <p>{h.intro}</p>
              <CoverMosaic covers={h.covers} alt={h.name} />
              <span style={{ color: 'var(--wy-muted)', fontSize: 12 }}>
                {h.areaPath ? (
                  <>
                    <EnvironmentOutlined /> {h.areaPath} ·{' '}
                  </>
                ) : null}
                {h.workCount} 件作品 · {h.followerCount} 人关注
              </span>
            </div>
          </Link>
        ))}
      </div>
      {list.data && list.data.list.length === 0 ? (
        <p style={{ textAlign: 'center', color: 'var(--wy-muted)' }}>该地区暂无企业展厅</p>
      ) : null}
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        unit="个展厅"
        onChange={(next) =>
          setParams((current) => {
            const p = new URLSearchParams(current);
            p.set('page', String(next));
            return p;
          })
        }
      />
    </div>
  );
}
