import { Input } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { IpCard } from '../../../components/ip-card';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { GridPager } from '../../../components/work-grid';
import { useIpList } from '../api/get-ip-list';

const PAGE_SIZE = 12;

/** /ip: licensable IPs, searchable by name. */
export function IpListView() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useIpList({ pageIndex: page, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) });
  return (
    <div className="page-container ip-list">
      <PageHeader
        title="IP 授权"
        subtitle="原创形象与文化 IP，整套图案可授权用于商品开发"
        extra={
          <Input.Search
            allowClear
            placeholder="搜索 IP 名称"
            maxLength={20}
            defaultValue={keyword}
            style={{ width: 260 }}
            onSearch={(value) => setParams(value.trim() ? { keyword: value.trim() } : {})}
          />
        }
      />
      {list.isError ? (
        <LoadError title="IP 加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      <div className="theme-grid">
        {list.data?.list.map((ip) => (
          <IpCard key={ip.id} ip={ip} />
        ))}
      </div>
      {list.data && list.data.list.length === 0 ? (
        <p style={{ textAlign: 'center', color: 'var(--wy-muted)', padding: 40 }}>
          没有找到相关 IP
        </p>
      ) : null}
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        unit="个 IP"
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
