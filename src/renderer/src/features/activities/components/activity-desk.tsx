import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ACTIVITY_KIND_TITLES,
  ACTIVITY_RULES_MAX,
  ACTIVITY_RULES_MIN,
  ACTIVITY_SUMMARY_MAX,
  ACTIVITY_TITLE_MAX,
} from '@shared/contract/activities';
import type { ActivityKind, AdminActivity, AdminInvitation } from '@shared/contract/activities';
import { PHONE_PATTERN } from '@shared/contract/accounts';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import {
  useActivityParticipants,
  useAdminActivities,
  useInvitationCodes,
  useIssueInvitationCode,
  useRevokeInvitationCode,
  useSaveActivity,
} from '../api/activity-desk';
import { activityHref } from './red-activity-page';
import { signCodeHref } from './sign-page';
import './activities.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const time = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—';

type ActivityForm = {
  title: string;
  kind: ActivityKind;
  summary: string;
  coverUrl: string;
  rulesMarkdown: string;
  startDay: string;
  endDay: string;
};

/** The checks the server makes too, said the same way. */
export function activityProblem(v: ActivityForm): string {
  const title = v.title.trim();
  if (title === '') return '请填写活动标题';
  if ([...title].length > ACTIVITY_TITLE_MAX) return `活动标题不能超过 ${ACTIVITY_TITLE_MAX} 个字`;
  if ([...v.summary.trim()].length > ACTIVITY_SUMMARY_MAX) {
    return `活动简介不能超过 ${ACTIVITY_SUMMARY_MAX} 个字`;
  }
  const cover = v.coverUrl.trim();
  if (cover !== '' && !/^(\/(?!\/)|https:\/\/)\S+$/.test(cover)) {
    return '封面地址需以 / 或 https:// 开头';
  }
  const rules = [...v.rulesMarkdown.trim()].length;
  if (rules < ACTIVITY_RULES_MIN) return `活动规则过短，至少需要 ${ACTIVITY_RULES_MIN} 个字`;
  if (rules > ACTIVITY_RULES_MAX) return `活动规则不能超过 ${ACTIVITY_RULES_MAX} 个字`;
  if (!DAY.test(v.startDay) || !DAY.test(v.endDay)) return '请选择有效的日期';
  if (v.endDay < v.startDay) return '结束日期不能早于开始日期';
  return '';
}

function ActivityEditor({
  editing,
  onClose,
}: {
  editing: AdminActivity | 'new';
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const save = useSaveActivity();
  const [form] = Form.useForm<ActivityForm>();
  const [problem, setProblem] = useState('');
  const initial: ActivityForm =
    editing === 'new'
      ? {
          title: '',
          kind: 'contest',
          summary: '',
          coverUrl: '',
          rulesMarkdown: '',
          startDay: '',
          endDay: '',
        }
      : {
          title: editing.title,
          kind: editing.kind,
          summary: editing.summary,
          coverUrl: editing.coverUrl,
          rulesMarkdown: editing.rulesMarkdown,
          startDay: editing.startDay,
          endDay: editing.endDay,
        };
  const submit = async () => {
    const values = { ...initial, ...form.getFieldsValue() };
    const found = activityProblem(values);
    setProblem(found);
    if (found) return;
    try {
      await save.mutateAsync({
        ...(editing === 'new' ? {} : { id: editing.id }),
        ...values,
      });
      message.success(editing === 'new' ? '活动已创建' : '活动已保存');
      onClose();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : '保存失败');
    }
  };
  return (
    <Modal
      open
      width={720}
      title={editing === 'new' ? '新建活动' : `编辑活动：${editing.title}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form<ActivityForm> form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="title" label="活动标题">
          <Input maxLength={ACTIVITY_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item name="kind" label="活动类型">
          <Select<ActivityKind>
            options={(Object.keys(ACTIVITY_KIND_TITLES) as ActivityKind[]).map((k) => ({
              value: k,
              label: ACTIVITY_KIND_TITLES[k],
            }))}
          />
        </Form.Item>
        <Form.Item name="summary" label="活动简介">
          <Input maxLength={ACTIVITY_SUMMARY_MAX} showCount />
        </Form.Item>
        <Form.Item name="coverUrl" label="封面图片地址" extra="站内地址（以 / 开头）或 https 地址">
          <Input placeholder="/files/public/activities/cover.png" />
        </Form.Item>
        <Space size="large">
          <Form.Item name="startDay" label="开始日期（北京时间）">
            <Input type="date" aria-label="开始日期" />
          </Form.Item>
          <Form.Item name="endDay" label="结束日期（含当天）">
            <Input type="date" aria-label="结束日期" />
          </Form.Item>
        </Space>
        <Form.Item
          name="rulesMarkdown"
          label="活动规则（Markdown）"
          extra="展示前由服务端转换为安全的 HTML，脚本与事件属性会被去除"
        >
          <Input.TextArea rows={10} />
        </Form.Item>
      </Form>
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
    </Modal>
  );
}

function Participants({ activity, onClose }: { activity: AdminActivity; onClose: () => void }) {
  const [pageIndex, setPageIndex] = useState(1);
  const list = useActivityParticipants(activity.id, pageIndex);
  return (
    <Drawer open size={640} title={`参与者：${activity.title}`} onClose={onClose}>
      {list.isError ? <LoadError title="参与者加载失败" error={list.error} /> : null}
      <Table
        rowKey="userId"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: pageIndex,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPageIndex,
        }}
        locale={{ emptyText: '还没有人参加' }}
        columns={[
          { title: '彩虹号', dataIndex: 'caiHongID' },
          { title: '昵称', dataIndex: 'nickName' },
          { title: '手机', dataIndex: 'phoneMasked' },
          { title: '参加时间', key: 'joinedAt', render: (_, r) => time(r.joinedAt) },
        ]}
      />
    </Drawer>
  );
}

function ActivityTab() {
  const list = useAdminActivities();
  const [editing, setEditing] = useState<AdminActivity | 'new' | null>(null);
  const [viewing, setViewing] = useState<AdminActivity | null>(null);
  return (
    <>
      <Button type="primary" onClick={() => setEditing('new')}>
        新建活动
      </Button>
      {list.isError ? <LoadError title="活动列表加载失败" error={list.error} /> : null}
      <Table<AdminActivity>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: '还没有活动' }}
        columns={[
          {
            title: '标题',
            key: 'title',
            render: (_, a) => <Link to={activityHref(a.id)}>{a.title}</Link>,
          },
          { title: '类型', key: 'kind', render: (_, a) => ACTIVITY_KIND_TITLES[a.kind] },
          { title: '活动时间', key: 'days', render: (_, a) => `${a.startDay} 至 ${a.endDay}` },
          { title: '状态', key: 'status', render: (_, a) => <Tag>{a.statusTitle}</Tag> },
          { title: '参与人数', dataIndex: 'participantCount', width: 90 },
          {
            title: '操作',
            key: 'actions',
            render: (_, a) => (
              <Space>
                <Button size="small" onClick={() => setEditing(a)}>
                  编辑
                </Button>
                <Button size="small" onClick={() => setViewing(a)}>
                  参与者
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <ActivityEditor
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {viewing ? <Participants activity={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

type IssueForm = { inviteeName: string; inviteePhone: string; note: string; expiresDay: string };

/** The checks the server makes too, said the same way. */
export function issueProblem(v: IssueForm): string {
  if ([...v.inviteeName.trim()].length > 20) return '受邀人姓名不能超过 20 个字';
  const phone = v.inviteePhone.trim();
  if (phone !== '' && !new RegExp(PHONE_PATTERN).test(phone)) return '请填写正确的 11 位手机号';
  if (v.expiresDay.trim() !== '' && !DAY.test(v.expiresDay.trim())) return '请选择有效的到期日期';
  return '';
}

function InvitationTab() {
  const { message } = App.useApp();
  const [pageIndex, setPageIndex] = useState(1);
  const list = useInvitationCodes(pageIndex);
  const issue = useIssueInvitationCode();
  const revoke = useRevokeInvitationCode();
  const [form] = Form.useForm<IssueForm>();
  const [problem, setProblem] = useState('');
  const [issued, setIssued] = useState<AdminInvitation | null>(null);

  const submit = async (values: IssueForm) => {
    const input = {
      inviteeName: values.inviteeName?.trim() ?? '',
      inviteePhone: values.inviteePhone?.trim() ?? '',
      note: values.note?.trim() ?? '',
      expiresDay: values.expiresDay?.trim() ?? '',
    };
    const found = issueProblem(input);
    setProblem(found);
    if (found) return;
    try {
      const code = await issue.mutateAsync(input);
      setIssued(code);
      form.resetFields();
      message.success(`邀请码 ${code.code} 已发放`);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : '发放失败');
    }
  };

  return (
    <>
      <Form<IssueForm> form={form} layout="inline" onFinish={(v) => void submit(v)}>
        <Form.Item name="inviteeName" label="受邀人">
          <Input placeholder="可不填" maxLength={20} />
        </Form.Item>
        <Form.Item name="inviteePhone" label="限定手机号">
          <Input placeholder="可不填" maxLength={11} />
        </Form.Item>
        <Form.Item name="expiresDay" label="有效期至">
          <Input type="date" aria-label="有效期至" />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input placeholder="如：2026 面料展邀请" maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={issue.isPending}>
          发放邀请码
        </Button>
      </Form>
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
      {issued ? (
        <Typography.Paragraph className="activity-desk__issued">
          新邀请码{' '}
          <Typography.Text copyable strong>
            {issued.code}
          </Typography.Text>
          ，签约链接{' '}
          <Typography.Text
            copyable
          >{`${window.location.origin}${signCodeHref(issued.code)}`}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      {list.isError ? <LoadError title="邀请码列表加载失败" error={list.error} /> : null}
      <Table<AdminInvitation>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: pageIndex,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPageIndex,
        }}
        locale={{ emptyText: '还没有发放邀请码' }}
        columns={[
          { title: '邀请码', dataIndex: 'code' },
          { title: '受邀人', key: 'name', render: (_, c) => c.inviteeName || '不限' },
          { title: '限定手机号', key: 'phone', render: (_, c) => c.inviteePhone || '不限' },
          { title: '有效期至', key: 'expires', render: (_, c) => c.expiresDay ?? '长期有效' },
          { title: '状态', key: 'state', render: (_, c) => <Tag>{c.stateTitle}</Tag> },
          {
            title: '使用情况',
            key: 'used',
            render: (_, c) =>
              c.usedAt ? (
                <span>
                  彩虹号 {c.usedByCaiHongID} · {c.applicationNickName}（{c.applicationState}）
                  {c.applicationState === '审核中' ? (
                    <>
                      {' '}
                      <Link to={paths.admin.applications}>去审核</Link>
                    </>
                  ) : null}
                </span>
              ) : (
                '—'
              ),
          },
          { title: '备注', dataIndex: 'note' },
          {
            title: '操作',
            key: 'actions',
            render: (_, c) =>
              c.state === 'unused' ? (
                <Popconfirm
                  title={`作废邀请码 ${c.code}？`}
                  description="作废后该邀请码不能再用于入驻申请"
                  okText="作废"
                  cancelText="取消"
                  onConfirm={() =>
                    revoke.mutate(c.id, {
                      onSuccess: () => void message.success('邀请码已作废'),
                      onError: (err) => void message.error(err.message),
                    })
                  }
                >
                  <Button size="small" danger>
                    作废
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** /admin/activities 活动管理: activities and their participants; invitation codes for signing. */
export function ActivityDesk() {
  return (
    <section className="activity-desk">
      <Typography.Title level={3}>活动管理</Typography.Title>
      <Tabs
        items={[
          { key: 'activities', label: '活动', children: <ActivityTab /> },
          { key: 'invitations', label: '签约邀请码', children: <InvitationTab /> },
        ]}
      />
    </section>
  );
}
