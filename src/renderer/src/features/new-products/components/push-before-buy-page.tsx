import { Button, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatYuan } from '@shared/rules/money';
import type { NewProduct } from '@shared/contract/new-products';
import { Pager } from '../../../components/grid-pager';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useMyNewProducts } from '../api/new-products';
import { NewProductCard } from './new-product-card';
import './new-products.css';

function LicenceLine({ product }: { product: NewProduct }) {
  const navigate = useNavigate();
  const workId = product.source.workId;
  if (product.licensed) {
    return (
      <>
        <Tag color="green">已授权</Tag>
        <a href={product.downloadUrl} download>
          下载无水印图
        </a>
      </>
    );
  }
  const licence = product.licence;
  if (!licence || workId === null) return null;
  const buy =
    licence.orderType === 'purchase'
      ? paths.purchaseOrderFor(workId)
      : paths.materialOrderFor(workId);
  return (
    <>
      <span className="np-price">
        {licence.minPriceFen === null ? '暂无报价' : `授权 ${formatYuan(licence.minPriceFen)} 起`}
      </span>
      <Button
        type="primary"
        size="small"
        disabled={!licence.onSale}
        onClick={() => void navigate(buy)}
      >
        {licence.onSale ? '购买授权' : '作品已下架'}
      </Button>
    </>
  );
}

/** /design/work/PushBeforeBuy 先推后买: 新品 of others' works, with the way to license each. */
export function PushBeforeBuyPage() {
  const [page, setPage] = useState(1);
  const list = useMyNewProducts(page, true);
  return (
    <div className="page-container np-page">
      <PageHeader
        title="先推后买"
        subtitle="先用带水印的新品图试推、测款，卖得好再购买花型授权，授权后即可下载无水印图"
        extra={<Link to={paths.designIndex}>去生成新品</Link>}
      />
      {list.isError ? (
        <LoadError title="新品加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.data.total === 0 ? (
        <Empty description="还没有用平台作品生成的新品">
          <Link to={paths.work}>去挑选作品</Link>
        </Empty>
      ) : (
        <>
          <ul className="np-grid" aria-label="先推后买">
            {list.data.list.map((p) => (
              <NewProductCard key={p.id} product={p}>
                <LicenceLine product={p} />
              </NewProductCard>
            ))}
          </ul>
          <Pager current={page} pageSize={12} total={list.data.total} onChange={setPage} />
        </>
      )}
    </div>
  );
}
