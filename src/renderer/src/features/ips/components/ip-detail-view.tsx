import { Breadcrumb, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { IpDetail } from '@shared/contract/ips';
import { formatYuan } from '@shared/rules/money';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useIpDetail } from '../api/get-ip-detail';
import { useIpLicensing } from '../api/get-ip-details';
import { useIpWorks } from '../api/get-ip-creation-list';

const PAGE_SIZE = 20;

type IpDetailViewProps = {
  id: number;
  /** 收藏 for the IP (collections feature). */
  collectAction: (ip: IpDetail) => ReactNode;
  /** The owner's designer card (designers feature). */
  ownerCard: (ip: IpDetail) => ReactNode;
};

/** /ip/{id}.html: the IP, its licensing facts, owner and works. */
export function IpDetailView({ id, collectAction, ownerCard }: IpDetailViewProps) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const detail = useIpDetail(id);
  const licensing = useIpLicensing(id);
  const works = useIpWorks({ id, pageIndex: page, pageSize: PAGE_SIZE });
  if (detail.isError && isNotFoundError(detail.error)) return <NotFoundPage />;
  if (detail.isError) return <LoadError title="IP 加载失败" error={detail.error} />;
  if (detail.isPending) return <Skeleton active className="page-container" />;
  const ip = detail.data;
  return (
    <div className="page-container ip-detail">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to={paths.ip}>IP 授权</Link> }, { title: ip.title }]}
      />
      <div
        className="theme-banner"
        style={{ backgroundImage: ip.bannerUrl ? `url(${serverUrl(ip.bannerUrl)})` : undefined }}
      >
        <div className="theme-banner__body">
          <div>
            <h2>{ip.title}</h2>
            <p>{ip.description}</p>
            <p>
              {ip.ownerName} · {ip.workCount} 件作品 · {ip.collectCount} 人收藏
            </p>
          </div>
          {collectAction(ip)}
        </div>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 16, marginBottom: 24 }}>
        <section className="page-panel" style={{ marginBottom: 0 }}>
          <h3 style={{ marginTop: 0 }}>授权信息</h3>
          {licensing.data ? (
            <>
              <p>
                适用品类：
                {licensing.data.categories.map((c) => (
                  <Tag key={c.kid}>
                    {c.title} {c.workCount}
                  </Tag>
                ))}
              </p>
              <p>
                图案风格：
                {licensing.data.styles.map((s) => (
                  <Tag key={s.style} color="blue">
                    {s.title}
                  </Tag>
                ))}
              </p>
              {licensing.data.licences.map((l) => (
                <p key={l.kind}>
                  {l.title}：
                  <span className="licence-price" style={{ fontSize: 16 }}>
                    {formatYuan(l.priceFen)}
                  </span>{' '}
                  起<span style={{ color: 'var(--wy-muted)', marginLeft: 8 }}>{l.scope}</span>
                </p>
              ))}
            </>
          ) : (
            <Skeleton active />
          )}
        </section>
        {ownerCard(ip)}
      </div>
      <section className="home-section">
        <div className="home-section__header">
          <div>
            <h2>IP 作品</h2>
            <p>按销量排序</p>
          </div>
        </div>
        <WorkGrid works={works.data?.list} loading={works.isPending} />
        <GridPager
          page={page}
          pageSize={PAGE_SIZE}
          total={works.data?.total ?? 0}
          onChange={(next) => setParams({ page: String(next) })}
        />
      </section>
    </div>
  );
}
