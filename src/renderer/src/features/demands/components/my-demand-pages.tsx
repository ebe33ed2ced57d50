import { Button, Empty, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useMyCollected, useMyPublished, useMySignUps } from '../api/demands';
import { DemandCard } from './demand-card';
import './demands.css';

export type MyDemandTab = 'published' | 'collected' | 'signUp';

const TAB_PATHS: Record<MyDemandTab, string> = {
  published: paths.user.myDemand,
  collected: `${paths.user.myDemand}/demandCollected`,
  signUp: `${paths.user.myDemand}/signUp`,
};
const PAGE_SIZE = 10;

/** /user/myDemand 我的需求, /demandCollected 收藏的需求, /signUp 报名的需求. */
export function MyDemandPage({ tab }: { tab: MyDemandTab }) {
  const navigate = useNavigate();
  return (
    <div className="my-demand">
      <div className="demand-section-head">
        <h2>我的需求</h2>
        <Link to={`${paths.demand}/release`}>
          <Button type="primary">发布需求</Button>
        </Link>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(TAB_PATHS[key as MyDemandTab])}
        items={[
          {
            key: 'published',
            label: '我发布的',
            children: tab === 'published' ? <Published /> : null,
          },
          {
            key: 'collected',
            label: '收藏的需求',
            children: tab === 'collected' ? <Collected /> : null,
          },
          { key: 'signUp', label: '报名的需求', children: tab === 'signUp' ? <SignedUp /> : null },
        ]}
      />
    </div>
  );
}

function Paged({
  query,
  empty,
  render,
  page,
  setPage,
}: {
  query: {
    isError: boolean;
    error: Error | null;
    data?: { total: number };
    isLoading: boolean;
    refetch: () => unknown;
  };
  empty: ReactNode;
  render: () => ReactNode;
  page: number;
  setPage: (p: number) => void;
}) {
  if (query.isError && query.error) {
    return (
      <LoadError title="需求加载失败" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (query.isLoading || !query.data) return <Skeleton active />;
  if (query.data.total === 0) return <Empty description={empty} />;
  return (
    <>
      <div className="demand-list">{render()}</div>
      <Pagination
        style={{ marginTop: 16, textAlign: 'center' }}
        current={page}
        pageSize={PAGE_SIZE}
        total={query.data.total}
        hideOnSinglePage
        showSizeChanger={false}
        onChange={setPage}
      />
    </>
  );
}

function Published() {
  const [page, setPage] = useState(1);
  const list = useMyPublished(page, PAGE_SIZE);
  return (
    <Paged
      query={list}
      page={page}
      setPage={setPage}
      empty={<Link to={`${paths.demand}/release`}>还没有发布需求，去发布</Link>}
      render={() =>
        list.data?.list.map((d) => (
          <DemandCard
            key={d.id}
            demand={d}
            extra={
              <div>
                {d.pendingCount > 0 ? <Tag color="gold">{d.pendingCount} 份稿件待处理</Tag> : null}
                <Link to={`${paths.demand}/Manuscript/${d.id}.html`}>查看稿件</Link>
              </div>
            }
          />
        ))
      }
    />
  );
}

function Collected() {
  const [page, setPage] = useState(1);
  const list = useMyCollected(page, PAGE_SIZE);
  return (
    <Paged
      query={list}
      page={page}
      setPage={setPage}
      empty={<Link to={`${paths.demand}/list`}>还没有收藏需求，去需求列表看看</Link>}
      render={() => list.data?.list.map((d) => <DemandCard key={d.id} demand={d} />)}
    />
  );
}

function SignedUp() {
  const [page, setPage] = useState(1);
  const list = useMySignUps(page, PAGE_SIZE);
  return (
    <Paged
      query={list}
      page={page}
      setPage={setPage}
      empty={<Link to={`${paths.demand}/list`}>还没有报名需求，去需求列表看看</Link>}
      render={() =>
        list.data?.list.map((d) => (
          <DemandCard
            key={d.id}
            demand={d}
            extra={
              <div>
                我的稿件 {d.myManuscriptCount}，已采用 {d.myAdoptedCount} ·{' '}
                <Link to={`${paths.demand}/Mine/${d.id}.html`}>查看我的稿件</Link>
                {d.state === 'open' ? (
                  <>
                    {' · '}
                    <Link to={`${paths.demand}/contribute?demandId=${d.id}`}>投稿</Link>
                  </>
                ) : null}
              </div>
            }
          />
        ))
      }
    />
  );
}
