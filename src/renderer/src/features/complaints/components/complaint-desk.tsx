import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  COMPLAINT_LIMITS,
  COMPLAINT_STATES,
  COMPLAINT_STATE_TITLES,
} from '@shared/contract/complaints';
import type {
  AdminComplaintSummary,
  ComplaintDecision,
  ComplaintState,
} from '@shared/contract/complaints';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useAdminComplaints, useComplaintReview, useDecideComplaint } from '../api/complaint-desk';
import { ComplaintLog, ComplaintStateTag, dateTime } from './complaint-log';
import './complaints.css';

/** The decisions each state allows, in the order the buttons show them. */
const ACTIONS: Record<
  ComplaintState,
  { decision: ComplaintDecision; label: string; danger?: boolean }[]
> = {
  pending: [
    { decision: 'takeDown', label: '下架作品', danger: true },
    { decision: 'requestInfo', label: '要求补充材料' },
    { decision: 'dismiss', label: '驳回投诉' },
  ],
  need_info: [
    { decision: 'takeDown', label: '下架作品', danger: true },
    { decision: 'dismiss', label: '驳回投诉' },
  ],
  countered: [
    { decision: 'restore', label: '恢复作品' },
    { decision: 'uphold', label: '维持下架', danger: true },
  ],
  taken_down: [],
  restored: [],
  dismissed: [],
};

const percent = (score: number) => `${Math.round(score * 100)}%`;

function ComplaintReview({ id }: { id: number }) {
  const { message } = App.useApp();
  const review = useComplaintReview(id);
  const decide = useDecideComplaint();
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState('');
  if (review.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (review.isError) return <LoadError title="投诉加载失败" error={review.error} />;
  const { complaint, work, matches, complainantName } = review.data;
  const actions = ACTIONS[complaint.state];

  const run = (decision: ComplaintDecision, label: string) => {
    setRefusal('');
    decide.mutate(
      { id, decision, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          void message.success(`已${label}`);
        },
        onError: (error) => setRefusal(error.message),
      },
    );
  };

  return (
    <div className="complaint-review">
      <section className="complaint-review__side" aria-label="投诉内容">
        <h3>投诉人：{complainantName}</h3>
        <p className="complaint-log__description">{complaint.description}</p>
        <ComplaintLog detail={complaint} />
      </section>
      <section className="complaint-review__side" aria-label="被投诉作品">
        <h3>
          被投诉作品《{work.title}》 <Tag>{work.statusTitle}</Tag>
        </h3>
        <div className="complaint-review__work">
          {work.imageUrl ? (
            <img src={work.imageUrl} alt={work.title} />
          ) : (
            <Empty description="作品图片不可用" />
          )}
          <div>设计师：{work.designerName}</div>
        </div>
        <h4>以图搜图：相似的已发布作品</h4>
        {matches.length === 0 ? (
          <Empty description="没有找到相似的已发布作品" />
        ) : (
          <ul className="complaint-review__matches" aria-label="相似作品">
            {matches.map((m) => (
              <li key={m.workId}>
                <Link to={paths.workDetail(m.workId)} target="_blank" rel="noopener">
                  {m.thumbUrl ? <img src={m.thumbUrl} alt={m.title} /> : null}
                  <div>《{m.title}》</div>
                </Link>
                <div>
                  {m.designerName} · 相似度 {percent(m.score)}{' '}
                  {m.exact ? <Tag color="red">同款</Tag> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        {actions.length > 0 ? (
          <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
            <Input.TextArea
              aria-label="处理理由"
              rows={3}
              value={reason}
              maxLength={COMPLAINT_LIMITS.reasonMax}
              placeholder="处理理由，投诉人与设计师都会看到（下架可不填）"
              onChange={(e) => setReason(e.target.value)}
            />
            {refusal ? <Alert type="error" showIcon title={refusal} /> : null}
            <Space wrap>
              {actions.map((a) => (
                <Button
                  key={a.decision}
                  danger={a.danger ?? false}
                  type={a.danger ? 'primary' : 'default'}
                  loading={decide.isPending && decide.variables?.decision === a.decision}
                  disabled={decide.isPending}
                  onClick={() => run(a.decision, a.label)}
                >
                  {a.label}
                </Button>
              ))}
            </Space>
          </Space>
        ) : (
          <Alert
            type="info"
            showIcon
            title={
              complaint.state === 'taken_down' ? '作品已下架，等待设计师申诉' : '该投诉已处理完毕'
            }
          />
        )}
      </section>
    </div>
  );
}

/** /admin/complaints 投诉处理: the queue, and each complaint beside the work and its matches. */
export function ComplaintDesk() {
  const [state, setState] = useState<ComplaintState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useAdminComplaints(state, page);
  return (
    <section className="complaint-desk">
      <h2>投诉处理</h2>
      <Select<ComplaintState | 'all'>
        aria-label="按状态筛选"
        style={{ width: 200, marginBottom: 16 }}
        value={state ?? 'all'}
        onChange={(v) => {
          setState(v === 'all' ? undefined : v);
          setPage(1);
        }}
        options={[
          { value: 'all', label: '全部状态' },
          ...COMPLAINT_STATES.map((s) => ({ value: s, label: COMPLAINT_STATE_TITLES[s] })),
        ]}
      />
      {list.isError ? <LoadError title="投诉列表加载失败" error={list.error} /> : null}
      <Table<AdminComplaintSummary>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无侵权投诉" /> }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          { title: '投诉编号', dataIndex: 'refNo' },
          { title: '作品', render: (_, c) => `《${c.workTitle}》` },
          { title: '设计师', dataIndex: 'designerName' },
          { title: '投诉人', dataIndex: 'complainantName' },
          { title: '权利', dataIndex: 'rights' },
          { title: '状态', render: (_, c) => <ComplaintStateTag state={c.state} /> },
          { title: '更新时间', render: (_, c) => dateTime(c.updatedAt) },
          {
            title: '操作',
            render: (_, c) => (
              <Button type="link" onClick={() => setOpenId(c.id)}>
                处理
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        title="处理投诉"
        size={1000}
        open={openId !== null}
        onClose={() => setOpenId(null)}
        destroyOnHidden
      >
        {openId !== null ? <ComplaintReview id={openId} /> : null}
      </Drawer>
    </section>
  );
}
