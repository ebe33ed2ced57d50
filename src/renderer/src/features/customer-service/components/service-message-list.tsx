import { Empty, Image, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ServiceContext, ServiceMessage } from '@shared/contract/customer-service';
import { paths } from '../../../config/paths';
import { messageTime } from '../lib/service-message';

/** The staff's name as users see it. */
export const STAFF_NAME = '纹样客服';

/** The page a message was written from, as a tag (a link to the work). */
export function ContextTag({ context }: { context: ServiceContext }) {
  return (
    <>
      {context.workId !== null ? (
        <Tag color="blue">
          <Link to={paths.workDetail(context.workId)} target="_blank" rel="noopener">
            咨询作品：{context.workTitle || `#${context.workId}`}
          </Link>
        </Tag>
      ) : null}
      {context.orderNo !== null ? <Tag color="gold">咨询订单：{context.orderNo}</Tag> : null}
    </>
  );
}

type ServiceMessageListProps = {
  messages: ServiceMessage[];
  /** Whose screen it is: their own messages sit on the right. */
  viewer: 'user' | 'staff';
  /** The user's name, for the staff's screen. */
  userName?: string;
  empty: string;
};

/** A thread's messages in order, with images (click to enlarge) and the page each came from. */
export function ServiceMessageList({ messages, viewer, userName, empty }: ServiceMessageListProps) {
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  if (messages.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  }
  return (
    <ol className="service-messages" aria-label="会话消息">
      {messages.map((m) => {
        const mine = viewer === 'staff' ? m.fromStaff : !m.fromStaff;
        const sender = m.fromStaff
          ? viewer === 'staff'
            ? `${STAFF_NAME}（我方）`
            : STAFF_NAME
          : viewer === 'user'
            ? '我'
            : (userName ?? '用户');
        return (
          <li
            key={m.id}
            className={mine ? 'service-message service-message--mine' : 'service-message'}
          >
            <div className="service-message__meta">
              <span className="service-message__sender">{sender}</span>
              <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>
              {mine && m.read ? <span className="service-message__read">已读</span> : null}
            </div>
            <div className="service-message__bubble">
              <p>{m.content}</p>
              {m.images.length > 0 ? (
                <Image.PreviewGroup>
                  <div className="service-message__images">
                    {m.images.map((image, i) => (
                      <Image
                        key={image.url}
                        src={image.thumbUrl}
                        preview={{ src: image.url }}
                        width={96}
                        alt={`图片 ${i + 1}`}
                      />
                    ))}
                  </div>
                </Image.PreviewGroup>
              ) : null}
              {m.context.workId !== null || m.context.orderNo !== null ? (
                <div className="service-message__context">
                  <ContextTag context={m.context} />
                </div>
              ) : null}
            </div>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" className="service-messages__end" />
    </ol>
  );
}
