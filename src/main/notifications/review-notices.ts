// Review results (审核通知) from the message centre as system notifications: the session's client asks
// for unread notices of kind 'review' at a modest interval, and each notice is announced once — the ids
// already announced are kept in the user-data folder, so a restart never announces them again.
// No Electron: notify.ts shows what this returns.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getNoticeList } from '../../shared/contract/notices';
import { SUCCESS_CODE } from '../../shared/constants';
import { errorCode, writeFileAtomically } from '../atomic-file';
import type { HttpClient } from '../session/http-client';
import { clip } from './notification-texts';
import type { DesktopNotice } from './notification-texts';

export const NOTIFIED_NOTICES_FILE = 'notified-notices.json';
/** How often the message centre is asked: review takes hours, not seconds. */
export const REVIEW_POLL_INTERVAL_MS = 5 * 60 * 1000;
/** Unread review notices read per poll (newest first). */
export const REVIEW_POLL_PAGE_SIZE = 20;
/** At most this many notifications per poll; the rest are summed up in one. */
export const REVIEW_NOTICES_SHOWN_MAX = 3;
/** Ids remembered: far more than one page of unread notices, small enough to rewrite each time. */
export const NOTIFIED_IDS_MAX = 500;

export type ReviewNotice = { id: number; title: string; body: string; link: string | null };

/** The unread review notices of a GetMessageList answer; null when the answer is not a success. */
export function parseNoticeListResponse(status: number, body: string): ReviewNotice[] | null {
  if (status !== 200) return null;
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    return null;
  }
  const { code, data } = (envelope ?? {}) as Record<string, unknown>;
  if (code !== SUCCESS_CODE || typeof data !== 'object' || data === null) return null;
  const list = (data as Record<string, unknown>)['list'];
  if (!Array.isArray(list)) return null;
  const notices: ReviewNotice[] = [];
  for (const item of list) {
    const { id, kind, title, body: text, link, readAt } = (item ?? {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(id) || kind !== 'review' || readAt !== null) continue;
    if (typeof title !== 'string' || typeof text !== 'string') continue;
    notices.push({
      id: id as number,
      title,
      body: text,
      link: typeof link === 'string' && isInAppPath(link) ? link : null,
    });
  }
  return notices;
}

/** Only an in-site path (`/user/mywork`) is opened from a notification, never another site. */
export function isInAppPath(link: string): boolean {
  return /^\/(?![/\\])/.test(link) && ![...link].some((char) => char < ' ' || char === '\u007f');
}

export type ReviewNoticeWatcherOptions = {
  http: Pick<HttpClient, 'request'>;
  /** The user-data folder the announced ids are kept in. */
  dir: string;
  notify: (notice: DesktopNotice) => void;
};

export type ReviewNoticeWatcher = {
  /** Asks once; resolves with how many notifications were shown. Never throws (network errors wait). */
  poll(): Promise<number>;
};

function parseNotified(text: string): number[] {
  const data: unknown = JSON.parse(text);
  const ids = (data as Record<string, unknown> | null)?.['ids'];
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

export async function openReviewNoticeWatcher(
  options: ReviewNoticeWatcherOptions,
): Promise<ReviewNoticeWatcher> {
  const file = join(options.dir, NOTIFIED_NOTICES_FILE);
  let notified: number[] = [];
  try {
    notified = parseNotified(await readFile(file, 'utf8'));
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') {
      console.error('[wenyang] 已通知的消息记录无法读取 / Notified notices unreadable:', error);
    }
  }
  const seen = new Set(notified);
  let running: Promise<number> | null = null;

  async function pollOnce(): Promise<number> {
    let notices: ReviewNotice[] | null;
    try {
      const response = await options.http.request({
        method: getNoticeList.method,
        path: getNoticeList.path,
        body: JSON.stringify({
          pageIndex: 1,
          pageSize: REVIEW_POLL_PAGE_SIZE,
          filter: 'unread',
          kind: 'review',
        }),
      });
      notices = parseNoticeListResponse(response.status, response.body);
    } catch {
      return 0;
    }
    // Signed out, or the server refused: nothing to announce now.
    if (notices === null) return 0;
    const fresh = notices.filter((notice) => !seen.has(notice.id));
    if (fresh.length === 0) return 0;
    // Remembered before they are shown: a crash may lose a notification, never show one twice.
    for (const notice of fresh) {
      seen.add(notice.id);
      notified.push(notice.id);
    }
    notified = notified.slice(-NOTIFIED_IDS_MAX);
    try {
      await writeFileAtomically(file, JSON.stringify({ version: 1, ids: notified }));
    } catch (error) {
      console.error('[wenyang] 已通知的消息记录无法保存 / Could not save notified notices:', error);
      return 0;
    }
    const shown = fresh.slice(0, REVIEW_NOTICES_SHOWN_MAX);
    for (const notice of shown) {
      options.notify({
        title: notice.title,
        body: clip(notice.body),
        openPath: notice.link ?? '/user/message',
      });
    }
    const more = fresh.length - shown.length;
    if (more > 0) {
      options.notify({
        title: '审核通知',
        body: `还有 ${more} 条审核通知，请在消息中心查看`,
        openPath: '/user/message',
      });
    }
    return shown.length + (more > 0 ? 1 : 0);
  }

  return {
    // Two timers firing together (start-up and a login) ask once.
    poll() {
      running ??= pollOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
