import {
  App,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  Radio,
  Select,
  Skeleton,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { MemberRole, ShowroomDetail, Visibility } from '@shared/contract/showrooms';
import {
  SHOWROOM_BACKGROUNDS,
  SHOWROOM_DESCRIPTION_MAX,
  SHOWROOM_NAME_MAX,
} from '@shared/contract/showrooms';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import {
  useAcceptInvite,
  useCooperation,
  useDeleteShowRooms,
  useInviteMember,
  useLeaveShowRoom,
  useLockHistory,
  useMyShowRooms,
  useRemoveMember,
  useSetLock,
  useUpdateSetting,
} from '../api/showrooms';
import { ROLE_LABEL, VISIBILITY_LABEL, formatTime } from '../lib/showroom-format';
import { HallFrame, OwnerOnly } from './hall-frame';
import { HallCard } from './showroom-list-page';
import { ShowroomNav } from './showroom-nav';
import './showrooms.css';

/** Runs a mutation and says its outcome in a message. */
function useAct() {
  const { message } = App.useApp();
  return async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
      return true;
    } catch (error) {
      void message.error((error as Error).message);
      return false;
    }
  };
}

/** /user/myShowRoom/delete 删除展厅: the owner's halls to tick, or the one of ?id=. */
export function ShowroomDeletePage({ id }: { id: number }) {
  const halls = useMyShowRooms();
  const remove = useDeleteShowRooms();
  const act = useAct();
  const { modal } = App.useApp();
  const [picked, setPicked] = useState<number[]>(Number.isSafeInteger(id) ? [id] : []);
  const mine = halls.data?.mine ?? [];
  const confirm = () =>
    modal.confirm({
      title: '删除展厅',
      content: `确定删除选中的 ${picked.length} 个展厅吗？展厅中的作品陈列、协作者与分享链接将一并删除，作品本身不受影响。`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        if (await act(() => remove.mutateAsync(picked), '已删除')) setPicked([]);
      },
    });
  return (
    <div className="showrooms">
      <div className="showrooms__head">
        <h2>删除展厅</h2>
      </div>
      <ShowroomNav />
      <p className="showrooms__hint">只有展厅创建者可以删除展厅；锁定的展厅需先解锁。</p>
      {halls.isPending ? <Skeleton active /> : null}
      {halls.error ? <LoadError title="展厅加载失败" error={halls.error} /> : null}
      {halls.data && mine.length === 0 ? (
        <Empty description="你还没有创建展厅，没有可删除的展厅。" />
      ) : null}
      <Checkbox.Group
        className="showroom-delete-list"
        value={picked}
        onChange={(v) => setPicked(v)}
        options={mine.map((h) => ({
          value: h.id,
          label: `${h.name}（${h.workCount} 件作品${h.locked ? '，已锁定' : ''}）`,
          disabled: h.locked,
        }))}
      />
      <Button
        danger
        disabled={picked.length === 0}
        loading={remove.isPending}
        onClick={() => void confirm()}
      >
        删除选中的展厅
      </Button>
    </div>
  );
}

type SettingFields = {
  name: string;
  description: string;
  background: string;
  visibility: Visibility;
  coverWorkId: number | null;
};

function SettingForm({ hall }: { hall: ShowroomDetail }) {
  const update = useUpdateSetting();
  const act = useAct();
  const owner = hall.role === 'owner';
  const initial: SettingFields = {
    name: hall.name,
    description: hall.description,
    background: hall.background,
    visibility: hall.visibility,
    coverWorkId: hall.coverWorkId,
  };
  return (
    <Form<SettingFields>
      layout="vertical"
      initialValues={initial}
      disabled={!hall.canEdit}
      onFinish={(v) =>
        void act(
          () =>
            update.mutateAsync({ showRoomId: hall.id, ...v, coverWorkId: v.coverWorkId ?? null }),
          '设置已保存',
        )
      }
    >
      <Form.Item
        name="name"
        label="展厅名称"
        rules={[
          { required: true, whitespace: true, message: '请填写展厅名称' },
          { max: SHOWROOM_NAME_MAX, message: `展厅名称不能超过 ${SHOWROOM_NAME_MAX} 个字` },
        ]}
      >
        <Input maxLength={SHOWROOM_NAME_MAX} showCount />
      </Form.Item>
      <Form.Item name="description" label="展厅简介">
        <Input.TextArea rows={3} maxLength={SHOWROOM_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item name="background" label="背景色">
        <Radio.Group>
          {SHOWROOM_BACKGROUNDS.map((c) => (
            <Radio key={c} value={c} aria-label={`背景色 ${c}`}>
              <span className="showroom-swatch" style={{ background: c }} />
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="visibility"
        label="可见范围"
        extra={
          owner
            ? '私密：仅你和协作者可见；凭链接访问：持分享链接的人也可只读查看。'
            : '仅创建者可修改可见范围。'
        }
      >
        <Radio.Group disabled={!owner || !hall.canEdit}>
          <Radio value="private">{VISIBILITY_LABEL.private}</Radio>
          <Radio value="link">{VISIBILITY_LABEL.link}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="coverWorkId" label="封面作品">
        <Select
          allowClear
          placeholder="默认使用第一件作品"
          options={hall.works.map((w) => ({ value: w.id, label: w.title }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        保存设置
      </Button>
    </Form>
  );
}

/** /user/myShowRoom/setting 展厅设置. */
export function ShowroomSettingPage({ id }: { id: number }) {
  return (
    <HallFrame id={id} page="setting" title="展厅设置" fits={(h) => h.role !== 'viewer'}>
      {(hall) => <SettingForm key={hall.updatedAt} hall={hall} />}
    </HallFrame>
  );
}

function InviteManage({ hall }: { hall: ShowroomDetail }) {
  const invite = useInviteMember();
  const remove = useRemoveMember();
  const act = useAct();
  const [form] = Form.useForm<{ caiHongID: string; role: MemberRole }>();
  if (hall.role !== 'owner') return <OwnerOnly />;
  return (
    <>
      <Form
        form={form}
        layout="inline"
        initialValues={{ role: 'viewer' }}
        onFinish={(v) =>
          void act(() => invite.mutateAsync({ showRoomId: hall.id, ...v }), '邀请已发出').then(
            (ok) => ok && form.resetFields(['caiHongID']),
          )
        }
      >
        <Form.Item
          name="caiHongID"
          label="彩虹号"
          rules={[{ required: true, whitespace: true, message: '请输入对方的彩虹号' }]}
        >
          <Input placeholder="对方的彩虹号" />
        </Form.Item>
        <Form.Item name="role" label="权限">
          <Radio.Group>
            <Radio value="editor">可编辑</Radio>
            <Radio value="viewer">只读</Radio>
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          邀请
        </Button>
      </Form>
      <Table
        className="showroom-table"
        rowKey="userId"
        pagination={false}
        dataSource={hall.members}
        locale={{ emptyText: '还没有协作者。输入彩虹号邀请同事一起整理展厅。' }}
        columns={[
          { title: '成员', render: (_, m) => `${m.userName}（${m.caiHongID}）` },
          { title: '权限', render: (_, m) => ROLE_LABEL[m.role] },
          {
            title: '状态',
            render: (_, m) =>
              m.status === 'accepted' ? <Tag color="green">已加入</Tag> : <Tag>待接受</Tag>,
          },
          { title: '邀请时间', render: (_, m) => formatTime(m.invitedAt) },
          {
            title: '操作',
            render: (_, m) => (
              <Button
                size="small"
                danger
                onClick={() =>
                  void act(
                    () => remove.mutateAsync({ showRoomId: hall.id, userId: m.userId }),
                    '已移除',
                  )
                }
              >
                移除
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

/** /user/myShowRoom/inviteManage 邀请管理: the owner invites by 彩虹号 and removes members. */
export function ShowroomInvitePage({ id }: { id: number }) {
  return (
    <HallFrame id={id} page="inviteManage" title="邀请管理" fits={(h) => h.role === 'owner'}>
      {(hall) => <InviteManage hall={hall} />}
    </HallFrame>
  );
}

/** /user/myShowRoom/cooperate 协作展厅: invitations to accept, halls to leave. */
export function ShowroomCooperatePage() {
  const list = useCooperation();
  const accept = useAcceptInvite();
  const leave = useLeaveShowRoom();
  const act = useAct();
  const navigate = useNavigate();
  return (
    <div className="showrooms">
      <div className="showrooms__head">
        <h2>协作展厅</h2>
      </div>
      <ShowroomNav />
      {list.isPending ? <Skeleton active /> : null}
      {list.error ? <LoadError title="协作展厅加载失败" error={list.error} /> : null}
      {list.data && list.data.length === 0 ? (
        <Empty description="还没有人邀请你协作展厅。对方按你的彩虹号邀请后，会显示在这里。" />
      ) : null}
      <div className="showroom-grid">
        {list.data?.map((c) => (
          <div key={c.hall.id} className="showroom-coop" data-testid="cooperation">
            <HallCard
              hall={c.hall}
              to={c.status === 'accepted' ? undefined : paths.user.showRoomPage('cooperate')}
            />
            <div className="showroom-coop__actions">
              <span>
                {ROLE_LABEL[c.hall.role]} · {c.status === 'accepted' ? '已加入' : '待接受'}
              </span>
              {c.status === 'pending' ? (
                <Button
                  size="small"
                  type="primary"
                  onClick={() =>
                    void act(() => accept.mutateAsync(c.hall.id), '已加入展厅').then(
                      (ok) => ok && navigate(paths.user.showRoom(c.hall.id)),
                    )
                  }
                >
                  接受
                </Button>
              ) : null}
              <Button
                size="small"
                onClick={() =>
                  void act(
                    () => leave.mutateAsync(c.hall.id),
                    c.status === 'pending' ? '已拒绝邀请' : '已退出展厅',
                  )
                }
              >
                {c.status === 'pending' ? '拒绝' : '退出'}
              </Button>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function LockPanel({ hall }: { hall: ShowroomDetail }) {
  const setLock = useSetLock();
  const act = useAct();
  return (
    <div className="showroom-lock">
      <p>
        当前状态：
        {hall.locked ? (
          <Tag color="orange">
            已锁定（{hall.lockedBy}，{hall.lockedAt ? formatTime(hall.lockedAt) : ''}）
          </Tag>
        ) : (
          <Tag color="green">未锁定</Tag>
        )}
      </p>
      <p className="showrooms__hint">
        锁定后，任何人（包括创建者）都不能修改展厅的作品与设置，也不能删除展厅；解锁后恢复。适合在向客户展示前定稿。
      </p>
      {hall.role === 'owner' ? (
        <Button
          type="primary"
          loading={setLock.isPending}
          onClick={() =>
            void act(
              () => setLock.mutateAsync({ showRoomId: hall.id, lock: !hall.locked }),
              hall.locked ? '已解除锁定' : '展厅已锁定',
            )
          }
        >
          {hall.locked ? '解除锁定' : '锁定展厅'}
        </Button>
      ) : (
        <p className="showrooms__hint">只有展厅创建者可以锁定或解锁。</p>
      )}
      <p>
        <Link to={paths.user.showRoomPage('unlockHistory', hall.id)}>查看锁定记录</Link>
      </p>
    </div>
  );
}

/** /user/myShowRoom/lockRelease 锁定 / 解锁. */
export function ShowroomLockPage({ id }: { id: number }) {
  return (
    <HallFrame id={id} page="lockRelease" title="锁定 / 解锁">
      {(hall) => <LockPanel hall={hall} />}
    </HallFrame>
  );
}

function History({ id }: { id: number }) {
  const history = useLockHistory(id);
  if (history.isPending) return <Skeleton active />;
  if (history.error) return <LoadError title="锁定记录加载失败" error={history.error} />;
  return (
    <Table
      className="showroom-table"
      rowKey={(e) => `${e.at}-${e.action}`}
      pagination={false}
      dataSource={history.data}
      locale={{ emptyText: '该展厅还没有锁定或解锁记录。' }}
      columns={[
        { title: '操作', render: (_, e) => (e.action === 'lock' ? '锁定' : '解锁') },
        { title: '操作人', dataIndex: 'userName' },
        { title: '时间', render: (_, e) => formatTime(e.at) },
      ]}
    />
  );
}

/** /user/myShowRoom/unlockHistory 锁定记录: who locked and released the hall, and when. */
export function ShowroomUnlockHistoryPage({ id }: { id: number }) {
  return (
    <HallFrame id={id} page="unlockHistory" title="锁定记录">
      {(hall) => <History id={hall.id} />}
    </HallFrame>
  );
}
