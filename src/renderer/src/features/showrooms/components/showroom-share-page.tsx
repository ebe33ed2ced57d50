import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  Radio,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ShareLink, ShowroomDetail } from '@shared/contract/showrooms';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useSessionStore } from '../../../stores/session-store';
import { useCreateShare, useRevokeShare, useSharedShowRoom, useShares } from '../api/showrooms';
import { formatTime } from '../lib/showroom-format';
import { HallFrame, OwnerOnly } from './hall-frame';
import './showrooms.css';

const STATE_TAG: Record<ShareLink['state'], [string, string]> = {
  active: ['green', '有效'],
  expired: ['default', '已过期'],
  revoked: ['red', '已撤销'],
};

/** The address a visitor opens, absolute (the desktop's server when in the desktop app). */
export const shareAddress = (token: string): string =>
  new URL(serverUrl(paths.user.showRoomShared(token)), window.location.href).href;

type ShareFields = { code: string; days: number };

function ShareManager({ hall }: { hall: ShowroomDetail }) {
  const shares = useShares(hall.id);
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const { message } = App.useApp();
  const [fresh, setFresh] = useState<{ url: string; code: string } | null>(null);
  if (hall.role !== 'owner') return <OwnerOnly />;
  const submit = async (v: ShareFields) => {
    try {
      const { token } = await create.mutateAsync({
        showRoomId: hall.id,
        code: v.code ?? '',
        days: v.days,
      });
      setFresh({ url: shareAddress(token), code: v.code ?? '' });
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <div className="showroom-share">
      {hall.visibility !== 'link' ? (
        <Alert
          type="info"
          showIcon
          title="展厅为私密"
          description={
            <>
              分享前请先在 <Link to={paths.user.showRoomPage('setting', hall.id)}>展厅设置</Link>{' '}
              中将可见范围改为“凭链接访问”。
            </>
          }
        />
      ) : null}
      <Form<ShareFields>
        layout="inline"
        initialValues={{ code: '', days: 7 }}
        onFinish={(v) => void submit(v)}
        disabled={hall.visibility !== 'link'}
      >
        <Form.Item
          name="code"
          label="访问码"
          rules={[{ pattern: /^(\d{4})?$/, message: '访问码须为 4 位数字' }]}
        >
          <Input placeholder="可选，4 位数字" maxLength={4} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="days" label="有效期">
          <Radio.Group>
            <Radio value={7}>7 天</Radio>
            <Radio value={30}>30 天</Radio>
            <Radio value={0}>永久</Radio>
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          生成分享链接
        </Button>
      </Form>
      {fresh ? (
        <Alert
          type="success"
          showIcon
          title="分享链接已生成（只显示这一次，请现在复制）"
          description={
            <>
              <Typography.Paragraph copyable={{ text: fresh.url }} data-testid="share-url">
                {fresh.url}
              </Typography.Paragraph>
              {fresh.code ? <div>访问码：{fresh.code}</div> : null}
            </>
          }
        />
      ) : null}
      {shares.error ? <LoadError title="分享链接加载失败" error={shares.error} /> : null}
      <Table
        className="showroom-table"
        rowKey="id"
        pagination={false}
        loading={shares.isPending}
        dataSource={shares.data}
        locale={{ emptyText: '还没有分享链接。' }}
        columns={[
          { title: '创建时间', render: (_, s) => formatTime(s.createdAt) },
          { title: '访问码', render: (_, s) => (s.hasCode ? '有' : '无') },
          { title: '有效期至', render: (_, s) => (s.expiresAt ? formatTime(s.expiresAt) : '永久') },
          {
            title: '状态',
            render: (_, s) => <Tag color={STATE_TAG[s.state][0]}>{STATE_TAG[s.state][1]}</Tag>,
          },
          {
            title: '操作',
            render: (_, s) =>
              s.state === 'active' ? (
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    void revoke.mutateAsync(s.id).then(
                      () => message.success('链接已撤销'),
                      (error: Error) => message.error(error.message),
                    )
                  }
                >
                  撤销
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}

/** What a link's visitor sees: the hall read-only, after the 访问码 when the link has one. */
export function SharedShowroomView({ token }: { token: string }) {
  const [code, setCode] = useState('');
  const shared = useSharedShowRoom(token, code);
  const hall = shared.data?.hall;
  const askCode = shared.data?.needCode === true || (shared.error !== null && code !== '');
  return (
    <div
      className="showrooms showroom-public"
      style={hall ? { background: hall.background } : undefined}
    >
      {shared.isPending ? <Skeleton active /> : null}
      {shared.error && !askCode ? (
        <LoadError title="无法打开分享的展厅" error={shared.error} />
      ) : null}
      {askCode ? (
        <Form
          layout="inline"
          className="showroom-code"
          onFinish={(v: { code: string }) => setCode(v.code ?? '')}
        >
          <p>该展厅需要访问码才能查看。</p>
          {shared.error ? <p className="showrooms__error">{shared.error.message}</p> : null}
          <Form.Item
            name="code"
            label="访问码"
            rules={[{ required: true, message: '请输入访问码' }]}
          >
            <Input maxLength={4} placeholder="4 位数字" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            查看展厅
          </Button>
        </Form>
      ) : null}
      {hall ? (
        <>
          <div className="showrooms__head">
            <h2>{hall.name}</h2>
            <span className="showrooms__hint">
              {hall.ownerName} 分享的展厅 ·{' '}
              {hall.expiresAt ? `链接有效期至 ${formatTime(hall.expiresAt)}` : '链接长期有效'}
            </span>
          </div>
          {hall.description ? <p>{hall.description}</p> : null}
          {hall.works.length === 0 ? <Empty description="展厅里暂时没有作品。" /> : null}
          <ol className="showroom-works">
            {hall.works.map((w) => (
              <li key={w.id} className="showroom-work" data-testid="shared-work">
                <Link to={paths.workDetail(w.id)} className="showroom-work__image">
                  <img src={w.thumbUrl} alt={w.title} loading="lazy" />
                </Link>
                <div className="showroom-work__title">{w.title}</div>
                <div className="showrooms__hint">
                  {w.designerName} · {formatYuan(w.priceFen)} 起
                </div>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}

/**
 * /user/myShowRoom/share: with ?token= the public read-only view (no sign-in needed); otherwise the
 * owner's links of the hall of ?id=.
 */
export function ShowroomSharePage({ id, token }: { id: number; token: string }) {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  if (token !== '') return <SharedShowroomView token={token} />;
  if (!signedIn) {
    return (
      <div className="showrooms">
        <Empty description="打开别人发给你的展厅分享链接即可查看展厅；管理自己展厅的分享链接请先登录。" />
      </div>
    );
  }
  return (
    <HallFrame id={id} page="share" title="分享" fits={(h) => h.role === 'owner'}>
      {(hall) => <ShareManager hall={hall} />}
    </HallFrame>
  );
}
