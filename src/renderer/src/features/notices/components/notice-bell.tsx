import { Badge, Button, Empty, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { useMarkAllNoticesRead, useNoticeList, useUnreadNoticeCount } from '../api/notices';
import { NoticeItem } from './notice-item';
import { useOpenNotice } from './use-open-notice';
import './notices.css';

/** How many of the latest notices the bell's dropdown shows. */
const LATEST_COUNT = 6;

/** The bell's accessible name, with the unread count when there is any. */
export const bellLabel = (unread: number): string =>
  unread > 0 ? `消息中心，${unread} 条未读` : '消息中心';

/**
 * The header's bell (signed-in users only): the unread count, polled gently, and a dropdown of the
 * latest notices with 全部已读 and a link to the message centre.
 */
export function NoticeBell() {
  const signedIn = useSessionStore((s) => s.loginState === 'sign-in');
  const [open, setOpen] = useState(false);
  const unread = useUnreadNoticeCount();
  if (!signedIn) return null;
  const total = unread.data?.total ?? 0;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      classNames={{ root: 'notice-bell__popup' }}
      destroyOnHidden
      content={<NoticeDropdown total={total} onClose={() => setOpen(false)} />}
    >
      <button type="button" className="notice-bell" aria-label={bellLabel(total)} title="消息中心">
        <Badge count={total} size="small" overflowCount={99}>
          <BellOutlined className="notice-bell__icon" aria-hidden="true" />
        </Badge>
      </button>
    </Popover>
  );
}

function NoticeDropdown({ total, onClose }: { total: number; onClose: () => void }) {
  const latest = useNoticeList({ pageIndex: 1, pageSize: LATEST_COUNT, filter: 'all' });
  const markAll = useMarkAllNoticesRead();
  const openNotice = useOpenNotice(paths.user.message);
  return (
    <div className="notice-dropdown" role="dialog" aria-label="最新消息">
      <div className="notice-dropdown__head">
        <strong>最新消息</strong>
        <Button
          type="link"
          size="small"
          disabled={total === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate({})}
        >
          全部已读
        </Button>
      </div>
      {latest.isPending ? <Spin className="notice-dropdown__spin" /> : null}
      {latest.isError ? <p className="notice-muted">消息加载失败，请稍后重试</p> : null}
      {latest.data && latest.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
      ) : null}
      {latest.data && latest.data.list.length > 0 ? (
        <ul className="notice-list notice-list--compact">
          {latest.data.list.map((n) => (
            <NoticeItem
              key={n.id}
              notice={n}
              compact
              onOpen={(notice) => {
                onClose();
                openNotice(notice);
              }}
            />
          ))}
        </ul>
      ) : null}
      <div className="notice-dropdown__foot">
        <Link to={paths.user.message} onClick={onClose}>
          查看全部消息
        </Link>
      </div>
    </div>
  );
}
