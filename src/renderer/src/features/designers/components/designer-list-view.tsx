import { Segmented } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { AvatarInitial, CoverMosaic } from '../../../components/avatar-initial';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { GridPager } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { useDesignerList } from '../api/get-designer-list';
import { DesignerBadges } from './designer-badges';
import './designers.css';

const PAGE_SIZE = 12;

/** /tawDesigner: settled designers, best-selling first, as galleries (图库) or shops (店铺). */
export function DesignerListView() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const settledInType = type === '2' ? 2 : type === '1' ? 1 : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useDesignerList({
    pageIndex: page,
    pageSize: PAGE_SIZE,
    ...(settledInType ? { settledInType } : {}),
  });
  return (
    <div className="page-container designer-list">
      <PageHeader
        title="设计师"
        subtitle="入驻纹样的原创设计师与设计公司"
        extra={
          <Segmented
            value={settledInType ? String(settledInType) : 'all'}
            onChange={(value) => setParams(value === 'all' ? {} : { type: String(value) })}
            options={[
              { value: 'all', label: '全部' },
              { value: '2', label: '图库' },
              { value: '1', label: '店铺' },
            ]}
          />
        }
      />
      {list.isError ? (
        <LoadError title="设计师加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      <div className="designer-grid">
        {list.data?.list.map((d) => (
          <Link key={d.userId} to={paths.designerGallery(d.userId)} className="designer-tile">
            <div className="designer-card__top">
              <AvatarInitial name={d.userName} src={d.headImg} size={52} />
              <div style={{ minWidth: 0 }}>
                <div className="designer-card__name">
                  {d.userName}
                  <DesignerBadges designer={d} />
                </div>
                <div className="designer-card__intro">{d.intro}</div>
              </div>
            </div>
            <CoverMosaic covers={d.covers} alt={d.userName} />
            <div style={{ color: 'var(--wy-muted)', fontSize: 12 }}>
              {d.workCount} 件作品 · {d.followerCount} 粉丝 · 销量 {d.saleCount}
            </div>
          </Link>
        ))}
      </div>
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        unit="位设计师"
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
