import type { Kysely } from 'kysely';
import { NOTICE_KINDS, noticeKindOfCode } from '@shared/contract/notices';
import type { Notice, NoticeKind, NoticeUnread } from '@shared/contract/notices';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { chinaDay } from '../../platform/china-time';

// Reading the message centre (docs/notices.md). Every query is bound to the signed-in user's id,
// so nobody lists, counts or marks another user's notices; marking is a conditional update
// (read_at is null), so a double click or a retry marks nothing twice and keeps the first time.

type Deps = Pick<AppDeps, 'db' | 'now'>;

const iso = (ms: number): string => new Date(ms).toISOString();

const isKind = (kind: string): kind is NoticeKind =>
  (NOTICE_KINDS as readonly string[]).includes(kind);

type Row = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
};

const toNotice = (row: Row): Notice => ({
  id: Number(row.id),
  kind: isKind(row.kind) ? row.kind : 'system',
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at,
  readAt: row.read_at,
});

export type ListInput = {
  pageIndex: number;
  pageSize: number;
  filter: 'all' | 'unread';
  kind?: NoticeKind | undefined;
};

function mine(db: Kysely<Database>, userId: number, input: Pick<ListInput, 'filter' | 'kind'>) {
  let q = db.selectFrom('notices').where('user_id', '=', userId);
  if (input.filter === 'unread') q = q.where('read_at', 'is', null);
  if (input.kind) q = q.where('kind', '=', input.kind);
  return q;
}

/** One page of my notices, newest first. */
export async function listNotices(
  deps: Deps,
  userId: number,
  input: ListInput,
): Promise<{ list: Notice[]; total: number }> {
  const totalRow = await mine(deps.db, userId, input)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const rows = await mine(deps.db, userId, input)
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize)
    .execute();
  return { list: rows.map(toNotice), total: Number(totalRow?.n ?? 0) };
}

/** How many of my notices are unread, in all and by kind (kinds with none left out). */
export async function unreadCount(deps: Deps, userId: number): Promise<NoticeUnread> {
  const rows = await deps.db
    .selectFrom('notices')
    .select(['kind', (eb) => eb.fn.countAll().as('n')])
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .groupBy('kind')
    .execute();
  const byKind = NOTICE_KINDS.flatMap((kind) => {
    const count = Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    return count > 0 ? [{ kind, count }] : [];
  });
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return { total, byKind };
}

/** Marks some of my notices read; ids of others' notices or already read ones change nothing. */
export async function markRead(deps: Deps, userId: number, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const result = await deps.db
    .updateTable('notices')
    .set({ read_at: iso(deps.now()) })
    .where('user_id', '=', userId)
    .where('id', 'in', unique)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks all my unread notices read, or only those of one kind. */
export async function markAllRead(deps: Deps, userId: number, kind?: NoticeKind): Promise<number> {
  let q = deps.db
    .updateTable('notices')
    .set({ read_at: iso(deps.now()) })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (kind) q = q.where('kind', '=', kind);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * user.RecvMsgParserService (§7): the user opened the messages of one source type (0 = every kind,
 * 1–8 the kinds in NOTICE_KINDS order) from source 1 (the header bell) or 2 (the message-centre
 * page). The source is recorded as before (user_events 'message-source'); the kind's unread
 * notices are marked read. A sourceType with no kind (9–99) marks nothing.
 */
export async function receiveMessageSource(
  deps: Deps,
  userId: number,
  input: { sourceType: number; source: 1 | 2 },
): Promise<void> {
  const now = deps.now();
  const kind = input.sourceType === 0 ? undefined : noticeKindOfCode(input.sourceType);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_events')
      .values({
        user_id: userId,
        kind: 'message-source',
        day: chinaDay(now),
        detail: JSON.stringify({ sourceType: input.sourceType, source: input.source }),
        created_at: iso(now),
      })
      .execute();
    if (input.sourceType !== 0 && !kind) return;
    let q = trx
      .updateTable('notices')
      .set({ read_at: iso(now) })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (kind) q = q.where('kind', '=', kind);
    await q.execute();
  });
}
