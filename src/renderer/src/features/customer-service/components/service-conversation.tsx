import { Alert, Skeleton, Tag } from 'antd';
import { CUSTOMER_SERVICE } from '../../../components/layout/site-footer';
import { LoadError } from '../../../components/load-state';
import { useMyServiceThread, useSendServiceMessage } from '../api/my-service-thread';
import { ServiceComposer } from './service-composer';
import { ServiceMessageList } from './service-message-list';
import './customer-service.css';

/** The page the user opened 在线客服 from; it travels with their next message. */
export type ServiceEntryContext = { workId?: number; workTitle?: string; orderNo?: string };

/** The signed-in user's conversation with staff: the whole thread and a message box. */
export function ServiceConversation({ context }: { context?: ServiceEntryContext }) {
  const thread = useMyServiceThread(true);
  const send = useSendServiceMessage();
  const current = thread.data?.thread ?? null;
  const closed = current?.state === 'closed';

  return (
    <div className="service-conversation">
      <p className="service-conversation__intro">
        {CUSTOMER_SERVICE.hours}在线，留言后客服会在这里回复您，回复时右侧「在线客服」会显示提醒。
        急事请拨打{CUSTOMER_SERVICE.hotlineLabel} {CUSTOMER_SERVICE.hotline}。
      </p>
      {thread.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {thread.isError ? <LoadError title="会话加载失败" error={thread.error} /> : null}
      {thread.isSuccess ? (
        <ServiceMessageList
          viewer="user"
          messages={current?.messages ?? []}
          empty="您好，这里是纹样在线客服。请描述您的问题，可附上截图。"
        />
      ) : null}
      {closed ? (
        <Alert type="info" showIcon title="本次会话已结束，发送新消息将开始新的会话" />
      ) : null}
      {context?.workId !== undefined || context?.orderNo !== undefined ? (
        <div className="service-conversation__context">
          本次咨询：
          {context.workId !== undefined ? (
            <Tag color="blue">作品 {context.workTitle || `#${context.workId}`}</Tag>
          ) : null}
          {context.orderNo !== undefined ? <Tag color="gold">订单 {context.orderNo}</Tag> : null}
        </div>
      ) : null}
      <ServiceComposer
        placeholder="请输入您要咨询的问题（1–1000 字）"
        onSend={(message) =>
          send.mutateAsync({
            ...message,
            ...(context?.workId !== undefined ? { workId: context.workId } : {}),
            ...(context?.orderNo !== undefined ? { orderNo: context.orderNo } : {}),
          })
        }
      />
    </div>
  );
}
