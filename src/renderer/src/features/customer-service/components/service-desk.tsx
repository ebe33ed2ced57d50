import {
  App,
  Badge,
  Button,
  Empty,
  Pagination,
  Popconfirm,
  Segmented,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type {
  ServiceThreadDetail,
  ServiceThreadState,
  ServiceThreadSummary,
} from '@shared/contract/customer-service';
import { LoadError } from '../../../components/load-state';
import {
  useReplyServiceThread,
  useServiceThread,
  useServiceThreads,
  useSetServiceThreadState,
} from '../api/service-desk';
import { messageTime } from '../lib/service-message';
import { ServiceComposer } from './service-composer';
import { ContextTag, ServiceMessageList } from './service-message-list';
import './customer-service.css';

const PAGE_SIZE = 20;

/** /admin/service 在线客服: the users' threads (waiting first), one open beside the list to answer. */
export function ServiceDesk() {
  const [state, setState] = useState<ServiceThreadState>('open');
  const [pageIndex, setPageIndex] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const threads = useServiceThreads(state, pageIndex, PAGE_SIZE);

  return (
    <section className="service-desk">
      <Typography.Title level={3}>在线客服</Typography.Title>
      <Typography.Paragraph type="secondary">
        等待回复的会话排在最前。回复会通过消息中心通知用户，并在用户的「在线客服」入口显示未读提醒。
      </Typography.Paragraph>
      <div className="service-desk__body">
        <div className="service-desk__list">
          <Segmented<ServiceThreadState>
            aria-label="会话状态"
            value={state}
            options={[
              { value: 'open', label: '进行中' },
              { value: 'closed', label: '已关闭' },
            ]}
            onChange={(value) => {
              setState(value);
              setPageIndex(1);
              setSelected(null);
            }}
          />
          {threads.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
          {threads.isError ? <LoadError title="会话列表加载失败" error={threads.error} /> : null}
          {threads.data && threads.data.list.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={state === 'open' ? '暂无进行中的会话' : '暂无已关闭的会话'}
            />
          ) : null}
          {threads.data && threads.data.list.length > 0 ? (
            <ul className="service-desk__threads" aria-label="会话列表">
              {threads.data.list.map((t) => (
                <ThreadRow
                  key={t.id}
                  thread={t}
                  active={t.id === selected}
                  onOpen={() => setSelected(t.id)}
                />
              ))}
            </ul>
          ) : null}
          {threads.data && threads.data.total > PAGE_SIZE ? (
            <Pagination
              size="small"
              current={pageIndex}
              pageSize={PAGE_SIZE}
              total={threads.data.total}
              onChange={setPageIndex}
            />
          ) : null}
        </div>
        <div className="service-desk__thread">
          {selected === null ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="从左侧选择一个会话" />
          ) : (
            <ThreadPanel key={selected} threadId={selected} />
          )}
        </div>
      </div>
    </section>
  );
}

function ThreadRow({
  thread,
  active,
  onOpen,
}: {
  thread: ServiceThreadSummary;
  active: boolean;
  onOpen: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={active ? 'service-desk__row service-desk__row--active' : 'service-desk__row'}
        aria-current={active ? 'true' : undefined}
        onClick={onOpen}
      >
        <span className="service-desk__who">
          <Badge count={thread.unread} size="small">
            <strong>{thread.user.nickName || `用户 ${thread.user.id}`}</strong>
          </Badge>
          {thread.waitingSince ? <Tag color="red">待回复</Tag> : null}
        </span>
        <span className="service-desk__preview">{thread.preview}</span>
        <span className="service-desk__time">
          {messageTime(thread.waitingSince ?? thread.lastMessageAt)}
        </span>
        <span>
          <ContextTag context={thread.context} />
        </span>
      </button>
    </li>
  );
}

function ThreadPanel({ threadId }: { threadId: number }) {
  const thread = useServiceThread(threadId);
  if (thread.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (thread.isError) return <LoadError title="会话加载失败" error={thread.error} />;
  return <ThreadView thread={thread.data} />;
}

function ThreadView({ thread }: { thread: ServiceThreadDetail }) {
  const { message } = App.useApp();
  const reply = useReplyServiceThread();
  const setState = useSetServiceThreadState();
  const open = thread.state === 'open';
  const change = (state: ServiceThreadState) =>
    setState.mutate(
      { threadId: thread.id, state },
      {
        onSuccess: () => void message.success(state === 'closed' ? '会话已关闭' : '会话已重新打开'),
        onError: (error) => void message.error(error.message),
      },
    );

  return (
    <div className="service-desk__detail">
      <header className="service-desk__header">
        <div>
          <strong>{thread.user.nickName || `用户 ${thread.user.id}`}</strong>
          <span className="service-desk__caihong">彩虹号 {thread.user.caiHongID}</span>
          {open ? <Tag color="green">进行中</Tag> : <Tag>已关闭</Tag>}
        </div>
        {open ? (
          <Popconfirm
            title="关闭这个会话？"
            description="用户再次发消息时会开始新的会话。"
            okText="关闭"
            cancelText="取消"
            onConfirm={() => change('closed')}
          >
            <Button loading={setState.isPending}>关闭会话</Button>
          </Popconfirm>
        ) : (
          <Button loading={setState.isPending} onClick={() => change('open')}>
            重新打开
          </Button>
        )}
      </header>
      <ServiceMessageList
        viewer="staff"
        userName={thread.user.nickName}
        messages={thread.messages}
        empty="该会话还没有消息"
      />
      {open ? (
        <ServiceComposer
          placeholder="回复用户（1–1000 字）"
          sendLabel="回复"
          onSend={(m) => reply.mutateAsync({ threadId: thread.id, ...m })}
        />
      ) : (
        <Typography.Paragraph type="secondary">
          会话已关闭，重新打开后才能回复。
        </Typography.Paragraph>
      )}
    </div>
  );
}
