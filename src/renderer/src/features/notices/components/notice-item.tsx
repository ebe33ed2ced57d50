import { NOTICE_KIND_TITLES } from '@shared/contract/notices';
import type { Notice } from '@shared/contract/notices';
import { noticeTimeText } from '../lib/notice-time';

type NoticeItemProps = {
  notice: Notice;
  /** The dropdown shows one line of the body; the page shows it whole. */
  compact?: boolean;
  onOpen: (notice: Notice) => void;
};

/** One notice: unread ones carry a dot and a bold title; a click opens it (marks it read). */
export function NoticeItem({ notice, compact = false, onOpen }: NoticeItemProps) {
  const unread = notice.readAt === null;
  return (
    <li
      className={`notice-item${unread ? ' notice-item--unread' : ''}`}
      data-unread={String(unread)}
    >
      <button type="button" className="notice-item__button" onClick={() => onOpen(notice)}>
        <span className="notice-item__head">
          {unread ? <span className="notice-item__dot" aria-label="未读" /> : null}
          <span className="notice-item__kind">{NOTICE_KIND_TITLES[notice.kind]}</span>
          <span className="notice-item__title">{notice.title}</span>
          <time className="notice-item__time" dateTime={notice.createdAt}>
            {noticeTimeText(notice.createdAt)}
          </time>
        </span>
        <span className={`notice-item__body${compact ? ' notice-item__body--compact' : ''}`}>
          {notice.body}
        </span>
      </button>
    </li>
  );
}
