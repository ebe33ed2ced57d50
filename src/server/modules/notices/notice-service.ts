import type { Kysely, Transaction } from 'kysely';
import {
  NOTICE_BODY_MAX,
  NOTICE_KINDS,
  NOTICE_LINK_MAX,
  NOTICE_TITLE_MAX,
} from '@shared/contract/notices';
import type { NoticeKind } from '@shared/contract/notices';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { NOTICE_MSG } from './messages';

// Sending a notice (docs/notices.md). Every module that announces something to a user calls
// sendNotice with the same transaction as the change it announces, so a rolled-back change sends
// nothing and a committed one always has its notice.

export type NewNotice = {
  userId: number;
  kind: NoticeKind;
  title: string;
  body: string;
  /** An in-site path ('/user/wallet'…); anything else (absent, empty, external, too long) is dropped. */
  link?: string | null;
};

const chars = (s: string): number => [...s].length;

/** The link kept for a notice: an in-site path of sensible length, else null (never an error). */
export function noticeLink(link: string | null | undefined): string | null {
  const path = typeof link === 'string' ? link.trim() : '';
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (chars(path) > NOTICE_LINK_MAX || /\s/.test(path)) return null;
  return path;
}

/**
 * Sends one notice to one user. Throws a Chinese AppError (and writes nothing) when the kind is
 * unknown, the user id is not a positive integer, or the title or body is empty or too long; a
 * missing or unusable link is simply left out.
 */
export async function sendNotice(
  db: Kysely<Database> | Transaction<Database>,
  notice: NewNotice,
): Promise<void> {
  const title = typeof notice.title === 'string' ? notice.title.trim() : '';
  const body = typeof notice.body === 'string' ? notice.body.trim() : '';
  if (!Number.isInteger(notice.userId) || notice.userId < 1)
    throw AppError.rule(NOTICE_MSG.userRequired);
  if (!(NOTICE_KINDS as readonly string[]).includes(notice.kind))
    throw AppError.rule(NOTICE_MSG.kindUnknown(String(notice.kind)));
  if (!title) throw AppError.rule(NOTICE_MSG.titleRequired);
  if (chars(title) > NOTICE_TITLE_MAX)
    throw AppError.rule(NOTICE_MSG.titleTooLong(NOTICE_TITLE_MAX));
  if (!body) throw AppError.rule(NOTICE_MSG.bodyRequired);
  if (chars(body) > NOTICE_BODY_MAX) throw AppError.rule(NOTICE_MSG.bodyTooLong(NOTICE_BODY_MAX));
  await db
    .insertInto('notices')
    .values({
      user_id: notice.userId,
      kind: notice.kind,
      title,
      body,
      link: noticeLink(notice.link),
      created_at: new Date().toISOString(),
      read_at: null,
    })
    .execute();
}
