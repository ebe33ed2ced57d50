import { useNavigate } from 'react-router-dom';
import type { Notice } from '@shared/contract/notices';
import { useMarkNoticesRead } from '../api/notices';

/**
 * Opening a notice: an unread one is marked read (the server ignores a second mark), then its link
 * is followed, or `fallback` when it has none (the page stays where it is without one).
 */
export function useOpenNotice(fallback?: string) {
  const navigate = useNavigate();
  const markRead = useMarkNoticesRead();
  return (notice: Notice) => {
    if (notice.readAt === null) markRead.mutate([notice.id]);
    const to = notice.link ?? fallback;
    if (to) void navigate(to);
  };
}
