import {
  Alert,
  App,
  Button,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { FolkIntention, FolkIntentionState } from '@shared/contract/folk';
import {
  FOLK_INTENTION_NEXT,
  FOLK_INTENTION_STATES,
  FOLK_INTENTION_STATE_TITLES,
  FOLK_REQUEST_STATE_TITLES,
} from '@shared/contract/folk';
import { isPhoneNumber } from '@shared/rules/roles';
import { LoadError } from '../../../components/load-state';
import { chinaDateText } from '../../../lib/china-date';
import {
  useAnswerFolkRequest,
  useFolkAccessDesk,
  useFolkIntentionDesk,
  useGrantFolkAccess,
  useRevokeFolkAccess,
  useSetFolkIntentionState,
} from '../api/folk-desk';
import { StateTag } from './intention-form';

/** /admin/folk 民族基地: entitlements, access requests and licensing-intention follow-up. */
export function FolkDesk() {
  return (
    <section className="folk-desk">
      <Typography.Title level={3}>民族基地</Typography.Title>
      <Tabs
        items={[
          { key: 'requests', label: '开通申请', children: <AccessRequests /> },
          { key: 'entitled', label: '已开通用户', children: <EntitledUsers /> },
          { key: 'intentions', label: '授权意向', children: <Intentions /> },
        ]}
      />
    </section>
  );
}

function AccessRequests() {
  const { message } = App.useApp();
  const desk = useFolkAccessDesk();
  const answer = useAnswerFolkRequest();
  const [replies, setReplies] = useState<Record<number, string>>({});
  if (desk.isError) return <LoadError title="开通申请加载失败" error={desk.error} />;
  const respond = (id: number, grant: boolean) =>
    answer.mutate(
      { id, grant, reply: (replies[id] ?? '').trim() },
      {
        onSuccess: () => void message.success(grant ? '已开通并通知申请人' : '已拒绝并通知申请人'),
        onError: (error) => void message.error(error.message),
      },
    );
  return (
    <Table
      rowKey="id"
      size="small"
      loading={desk.isPending}
      dataSource={desk.data?.requests ?? []}
      locale={{ emptyText: '暂无开通申请' }}
      columns={[
        { title: '用户', render: (_, r) => `${r.userName}（${r.phone}）` },
        { title: '单位', dataIndex: 'company' },
        { title: '用途', dataIndex: 'reason' },
        { title: '提交日期', render: (_, r) => chinaDateText(r.createdAt) },
        { title: '状态', render: (_, r) => FOLK_REQUEST_STATE_TITLES[r.status] },
        {
          title: '答复',
          render: (_, r) =>
            r.status === 'pending' ? (
              <Space>
                <Input
                  aria-label={`答复 ${r.userName}`}
                  placeholder="留言（可选）"
                  maxLength={200}
                  value={replies[r.id] ?? ''}
                  onChange={(e) => setReplies((all) => ({ ...all, [r.id]: e.target.value }))}
                />
                <Button type="primary" onClick={() => respond(r.id, true)}>
                  通过
                </Button>
                <Button danger onClick={() => respond(r.id, false)}>
                  拒绝
                </Button>
              </Space>
            ) : (
              r.reply
            ),
        },
      ]}
    />
  );
}

function EntitledUsers() {
  const { message } = App.useApp();
  const desk = useFolkAccessDesk();
  const grant = useGrantFolkAccess();
  const revoke = useRevokeFolkAccess();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  if (desk.isError) return <LoadError title="已开通用户加载失败" error={desk.error} />;
  const submit = () => {
    if (!isPhoneNumber(phone.trim())) return setProblem('请输入正确的手机号（11 位，以 1 开头）');
    setProblem('');
    grant.mutate(
      { phone: phone.trim(), note: note.trim() },
      {
        onSuccess: () => {
          setPhone('');
          setNote('');
          void message.success('已开通并通知该用户');
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input
          aria-label="开通手机号"
          placeholder="用户手机号"
          maxLength={11}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <Input
          aria-label="开通备注"
          placeholder="备注，如：签署非遗合作协议"
          maxLength={100}
          style={{ width: 280 }}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="primary" loading={grant.isPending} onClick={submit}>
          开通权限
        </Button>
      </Space>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      <Table
        rowKey="userId"
        size="small"
        loading={desk.isPending}
        dataSource={desk.data?.entitled ?? []}
        locale={{ emptyText: '暂无已开通用户' }}
        columns={[
          { title: '用户', dataIndex: 'userName' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '彩虹号', dataIndex: 'caiHongID' },
          { title: '开通日期', render: (_, r) => chinaDateText(r.grantedAt) },
          { title: '备注', dataIndex: 'note' },
          {
            title: '操作',
            render: (_, r) => (
              <Popconfirm
                title={`确定收回 ${r.userName} 的基地权限吗？`}
                onConfirm={() =>
                  revoke.mutate(
                    { userId: r.userId },
                    {
                      onSuccess: () => void message.success('已收回并通知该用户'),
                      onError: (error) => void message.error(error.message),
                    },
                  )
                }
              >
                <Button danger>收回</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}

function Intentions() {
  const { message } = App.useApp();
  const [status, setStatus] = useState<FolkIntentionState | undefined>(undefined);
  const [pageIndex, setPageIndex] = useState(1);
  const desk = useFolkIntentionDesk({ ...(status ? { status } : {}), pageIndex, pageSize: 20 });
  const move = useSetFolkIntentionState();
  const [notes, setNotes] = useState<Record<number, string>>({});
  if (desk.isError) return <LoadError title="授权意向加载失败" error={desk.error} />;
  const setState = (r: FolkIntention, next: FolkIntentionState) =>
    move.mutate(
      { id: r.id, status: next, note: (notes[r.id] ?? '').trim() },
      {
        onSuccess: () => {
          setNotes((all) => ({ ...all, [r.id]: '' }));
          void message.success(`已记为${FOLK_INTENTION_STATE_TITLES[next]}并通知提交人`);
        },
        onError: (error) => void message.error(error.message),
      },
    );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Select<FolkIntentionState>
        aria-label="按状态筛选"
        allowClear
        placeholder="全部状态"
        style={{ width: 160 }}
        value={status}
        options={FOLK_INTENTION_STATES.map((s) => ({
          value: s,
          label: FOLK_INTENTION_STATE_TITLES[s],
        }))}
        onChange={(value) => {
          setStatus(value);
          setPageIndex(1);
        }}
      />
      <Table
        rowKey="id"
        size="small"
        loading={desk.isPending}
        dataSource={desk.data?.list ?? []}
        locale={{ emptyText: '暂无授权意向' }}
        pagination={{
          current: pageIndex,
          pageSize: 20,
          total: desk.data?.total ?? 0,
          onChange: setPageIndex,
        }}
        expandable={{
          expandedRowRender: (r) => (
            <div className="folk-desk__detail">
              <p>
                行业：{r.industry}；用途：{r.purpose}；产品：{r.products}；数量：{r.quantity}
                ；地域：{r.territory}
              </p>
              {r.followUps.map((u, i) => (
                <p key={i}>
                  {chinaDateText(u.createdAt)} {FOLK_INTENTION_STATE_TITLES[u.status]}
                  {u.note ? `：${u.note}` : ''}
                </p>
              ))}
            </div>
          ),
        }}
        columns={[
          { title: '受理编号', dataIndex: 'refNo' },
          { title: '单位', dataIndex: 'company' },
          { title: '联系人', render: (_, r) => `${r.contact} ${r.phone}` },
          { title: '作品', render: (_, r) => r.works.map((w) => w.title).join('、') },
          { title: '状态', render: (_, r) => <StateTag state={r.status} /> },
          {
            title: '跟进',
            render: (_, r) =>
              FOLK_INTENTION_NEXT[r.status].length === 0 ? null : (
                <Space>
                  <Input
                    aria-label={`跟进说明 ${r.refNo}`}
                    placeholder="跟进说明（可选）"
                    maxLength={200}
                    value={notes[r.id] ?? ''}
                    onChange={(e) => setNotes((all) => ({ ...all, [r.id]: e.target.value }))}
                  />
                  {FOLK_INTENTION_NEXT[r.status].map((next) => (
                    <Button key={next} onClick={() => setState(r, next)}>
                      记为{FOLK_INTENTION_STATE_TITLES[next]}
                    </Button>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}
