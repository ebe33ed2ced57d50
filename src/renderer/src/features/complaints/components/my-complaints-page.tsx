import { Button, Drawer, Empty, Skeleton, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ComplaintSummary } from '@shared/contract/complaints';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { useComplaintDetail } from '../api/get-complaint-detail';
import { useMyComplaints } from '../api/get-my-complaints';
import type { ComplaintSide } from '../api/get-my-complaints';
import { ComplaintAnswer } from './complaint-answer';
import { ComplaintLog, ComplaintStateTag, dateTime } from './complaint-log';
import './complaints.css';

const TABS: { key: ComplaintSide; label: string; empty: string }[] = [
  { key: 'filed', label: '我提交的投诉', empty: '你还没有提交过侵权投诉' },
  { key: 'against', label: '针对我作品的投诉', empty: '你的作品没有收到侵权投诉' },
];

function ComplaintList({ side, onOpen }: { side: ComplaintSide; onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const list = useMyComplaints(side, page);
  if (list.isError) return <LoadError title="投诉加载失败" error={list.error} />;
  return (
    <Table<ComplaintSummary>
      rowKey="id"
      loading={list.isPending}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: <Empty description={TABS.find((t) => t.key === side)?.empty} /> }}
      pagination={{
        current: page,
        pageSize: 10,
        total: list.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: setPage,
      }}
      columns={[
        { title: '投诉编号', dataIndex: 'refNo' },
        {
          title: '作品',
          render: (_, c) => (
            <span className="complaint-work">
              {c.workThumbUrl ? <img src={c.workThumbUrl} alt="" /> : null}《{c.workTitle}》
            </span>
          ),
        },
        { title: '权利', dataIndex: 'rights' },
        { title: '状态', render: (_, c) => <ComplaintStateTag state={c.state} /> },
        { title: '提交时间', render: (_, c) => dateTime(c.createdAt) },
        {
          title: '操作',
          render: (_, c) => (
            <Button type="link" onClick={() => onOpen(c.id)}>
              查看
            </Button>
          ),
        },
      ]}
    />
  );
}

function ComplaintDrawerBody({ id }: { id: number }) {
  const detail = useComplaintDetail(id);
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (detail.isError) return <LoadError title="投诉加载失败" error={detail.error} />;
  return (
    <>
      <p className="complaint-log__description">{detail.data.description}</p>
      <ComplaintLog detail={detail.data} />
      {detail.data.canAnswer ? <ComplaintAnswer detail={detail.data} /> : null}
    </>
  );
}

/** /user/complaints 我的投诉: both sides of complaints, each with its log and the next step. */
export function MyComplaintsPage() {
  const [params, setParams] = useSearchParams();
  const side: ComplaintSide = params.get('side') === 'against' ? 'against' : 'filed';
  const openId = Number(params.get('id') ?? 0);
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', String(id));
    else next.delete('id');
    setParams(next);
  };
  return (
    <div className="my-complaints">
      <PageHeader
        title="我的投诉"
        subtitle="你提交的侵权投诉与针对你作品的投诉，每一步处理记录双方可见"
      />
      <Tabs
        activeKey={side}
        onChange={(key) => setParams({ side: key })}
        items={TABS.map((t) => ({
          key: t.key,
          label: t.label,
          children: <ComplaintList side={t.key} onOpen={(id) => open(id)} />,
        }))}
      />
      <Drawer
        title="投诉详情"
        size={640}
        open={Number.isInteger(openId) && openId > 0}
        onClose={() => open(null)}
        destroyOnHidden
      >
        {openId > 0 ? <ComplaintDrawerBody id={openId} /> : null}
      </Drawer>
    </div>
  );
}
