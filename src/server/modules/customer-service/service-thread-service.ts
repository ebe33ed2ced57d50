import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import {
  SERVICE_IMAGES_MAX,
  SERVICE_IMAGE_FORMATS,
  SERVICE_IMAGE_MAX_BYTES,
  SERVICE_MESSAGE_MAX,
  SERVICE_MESSAGE_MIN,
} from '@shared/contract/customer-service';
import type {
  ServiceContext,
  ServiceMessage,
  ServiceThread,
  ServiceThreadDetail,
  ServiceThreadState,
  ServiceThreadSummary,
} from '@shared/contract/customer-service';
import type { AppDeps } from '../../deps';
import type { Database, ServiceMessagesTable, ServiceThreadsTable } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { sendNotice } from '../notices/notice-service';
import { ensurePrivateThumb, mapLimited } from '../publishing/work-files';
import { SERVICE_MSG } from './messages';

// 在线客服 (docs/customer-service.md): a user's messages join their one open thread (a new one is
// opened when none is); staff reply in the back office, which tells the user with a notice. A
// message is stored once per (sender, client key), so a retry or a double click sends nothing twice.

type Deps = Pick<AppDeps, 'db' | 'storage' | 'now'>;
type ThreadRow = Selectable<ServiceThreadsTable>;
type MessageRow = Selectable<ServiceMessagesTable>;

/** Where the user's messages are read from in the user centre (the notice links there). */
export const USER_SERVICE_PATH = '/user/service';

export type MessageInput = { content: string; imageKeys: string[]; clientKey: string };
export type UserMessageInput = MessageInput & { workId?: number; orderNo?: string };

const chars = (s: string): number => [...s].length;
const PREVIEW_CHARS = 60;

const shorten = (text: string, max: number): string =>
  chars(text) > max ? `${[...text].slice(0, max - 1).join('')}…` : text;

/** The text kept for a message: trimmed, line ends as \n; 1–1000 characters. */
function checkedContent(content: string): string {
  const text = content.replace(/\r\n?/g, '\n').trim();
  if (chars(text) < SERVICE_MESSAGE_MIN) throw AppError.rule(SERVICE_MSG.contentRequired);
  if (chars(text) > SERVICE_MESSAGE_MAX) {
    throw AppError.rule(SERVICE_MSG.contentTooLong(SERVICE_MESSAGE_MAX));
  }
  return text;
}

/**
 * The sender's own uploads, each read by the upload endpoint from its bytes: png or jpg of at most
 * 2 MB. Another user's file, a missing one, or another format is refused.
 */
async function checkedImages(deps: Deps, senderId: number, keys: string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (unique.length > SERVICE_IMAGES_MAX) {
    throw AppError.rule(SERVICE_MSG.tooManyImages(SERVICE_IMAGES_MAX));
  }
  if (unique.length === 0) return [];
  const rows = await deps.db
    .selectFrom('uploads')
    .select(['file_key', 'format', 'size'])
    .where('user_id', '=', senderId)
    .where('file_key', 'in', unique)
    .execute();
  const byKey = new Map(rows.map((r) => [r.file_key, r]));
  const formats: readonly string[] = SERVICE_IMAGE_FORMATS;
  for (const key of unique) {
    const row = byKey.get(key);
    if (!row) throw AppError.rule(SERVICE_MSG.imageMissing);
    if (!formats.includes(row.format)) throw AppError.rule(SERVICE_MSG.imageFormat);
    if (row.size > SERVICE_IMAGE_MAX_BYTES) throw AppError.rule(SERVICE_MSG.imageTooLarge);
  }
  return unique;
}

/** The page the user wrote from, if it is real: an existing work, or one of their own orders. */
async function checkedContext(
  deps: Deps,
  userId: number,
  input: { workId?: number; orderNo?: string },
): Promise<{ workId: number | null; orderNo: string | null }> {
  let workId: number | null = null;
  let orderNo: string | null = null;
  if (input.workId !== undefined) {
    const work = await deps.db
      .selectFrom('works')
      .select('id')
      .where('id', '=', input.workId)
      .executeTakeFirst();
    if (!work) throw AppError.rule(SERVICE_MSG.workMissing);
    workId = work.id;
  }
  if (input.orderNo !== undefined) {
    const licence = await deps.db
      .selectFrom('orders')
      .select('order_no')
      .where('order_no', '=', input.orderNo)
      .where('buyer_id', '=', userId)
      .executeTakeFirst();
    const service = licence
      ? undefined
      : await deps.db
          .selectFrom('service_orders')
          .select('order_no')
          .where('order_no', '=', input.orderNo)
          .where('user_id', '=', userId)
          .executeTakeFirst();
    if (!licence && !service) throw AppError.rule(SERVICE_MSG.orderMissing);
    orderNo = input.orderNo;
  }
  return { workId, orderNo };
}

const parseKeys = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
};

async function workTitles(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('works')
    .select(['id', 'title'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

const contextOf = (
  row: Pick<MessageRow, 'work_id' | 'order_no'> | undefined,
  titles: Map<number, string>,
): ServiceContext => ({
  workId: row?.work_id ?? null,
  workTitle: row?.work_id ? (titles.get(row.work_id) ?? '') : '',
  orderNo: row?.order_no ?? null,
});

/** Signed URLs last 1–1.5 h and stay the same within each half hour (storage signs with Date.now). */
const URL_MIN_TTL_S = 3600;
const URL_WINDOW_S = 1800;

/**
 * A signed URL whose expiry falls on a half-hour boundary, so the thread read again (it is polled)
 * gives the same URLs and the browser does not fetch the images again.
 */
function stableUrl(deps: Pick<AppDeps, 'storage'>, key: string): string {
  const nowS = Math.floor(Date.now() / 1000);
  const expires = Math.ceil((nowS + URL_MIN_TTL_S) / URL_WINDOW_S) * URL_WINDOW_S;
  return deps.storage.signedUrl(key, expires - nowS);
}

async function imageOf(deps: Deps, key: string) {
  const url = stableUrl(deps, key);
  try {
    return { thumbUrl: stableUrl(deps, await ensurePrivateThumb(deps.storage, key)), url };
  } catch {
    // No thumbnail (the original is gone or unreadable): the original's URL stands in.
    return { thumbUrl: url, url };
  }
}

async function toMessages(deps: Deps, rows: MessageRow[]): Promise<ServiceMessage[]> {
  const titles = await workTitles(
    deps.db,
    rows.flatMap((r) => (r.work_id ? [r.work_id] : [])),
  );
  return mapLimited(rows, 4, async (row) => ({
    id: row.id,
    fromStaff: row.from_staff === 1,
    content: row.content,
    images: await mapLimited(parseKeys(row.image_keys), 2, (key) => imageOf(deps, key)),
    context: contextOf(row, titles),
    createdAt: row.created_at,
    read: row.read_at !== null,
  }));
}

async function threadRow(db: Kysely<Database>, threadId: number): Promise<ThreadRow> {
  const row = await db
    .selectFrom('service_threads')
    .selectAll()
    .where('id', '=', threadId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(SERVICE_MSG.threadMissing);
  return row;
}

async function toThread(deps: Deps, row: ThreadRow): Promise<ServiceThread> {
  const messages = await deps.db
    .selectFrom('service_messages')
    .selectAll()
    .where('thread_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    state: row.state === 'closed' ? 'closed' : 'open',
    createdAt: row.created_at,
    closedAt: row.closed_at,
    messages: await toMessages(deps, messages),
  };
}

async function userOf(db: Kysely<Database>, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'cai_hong_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { id: userId, nickName: user?.user_name ?? '', caiHongID: user?.cai_hong_id ?? '' };
}

async function toDetail(deps: Deps, row: ThreadRow): Promise<ServiceThreadDetail> {
  return { ...(await toThread(deps, row)), user: await userOf(deps.db, row.user_id) };
}

/** The thread a sender's message with this client key went to, if it was already stored. */
async function alreadySent(deps: Deps, senderId: number, clientKey: string) {
  return deps.db
    .selectFrom('service_messages')
    .select('thread_id')
    .where('sender_id', '=', senderId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
}

/** The user's open thread, opened now when there is none (two at once: the unique index keeps one). */
async function openThreadOf(deps: Deps, userId: number): Promise<number> {
  const find = () =>
    deps.db
      .selectFrom('service_threads')
      .select('id')
      .where('user_id', '=', userId)
      .where('state', '=', 'open')
      .executeTakeFirst();
  const open = await find();
  if (open) return open.id;
  const at = iso(deps.now());
  try {
    const row = await deps.db
      .insertInto('service_threads')
      .values({ user_id: userId, state: 'open', created_at: at, last_message_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    const winner = await find();
    if (winner) return winner.id;
    throw err;
  }
}

/** User/ContactCustomerService: the user's message joins their open thread (or opens one). */
export async function sendUserMessage(
  deps: Deps,
  userId: number,
  input: UserMessageInput,
): Promise<ServiceThread> {
  const content = checkedContent(input.content);
  const images = await checkedImages(deps, userId, input.imageKeys);
  const context = await checkedContext(deps, userId, input);
  const earlier = await alreadySent(deps, userId, input.clientKey);
  if (earlier) return toThread(deps, await threadRow(deps.db, earlier.thread_id));

  // Staff may close the thread between finding and writing: then a new one is opened, once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const threadId = await openThreadOf(deps, userId);
    const at = iso(deps.now());
    let stored: boolean;
    try {
      stored = await deps.db.transaction().execute(async (trx) => {
        const touched = await trx
          .updateTable('service_threads')
          .set({
            last_message_at: at,
            waiting_since: sql<string>`coalesce(waiting_since, ${at})`,
          })
          .where('id', '=', threadId)
          .where('state', '=', 'open')
          .executeTakeFirst();
        if (Number(touched.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('service_messages')
          .values({
            thread_id: threadId,
            sender_id: userId,
            from_staff: 0,
            content,
            image_keys: JSON.stringify(images),
            work_id: context.workId,
            order_no: context.orderNo,
            client_key: input.clientKey,
            created_at: at,
          })
          .execute();
        return true;
      });
    } catch (err) {
      // The same message at the same moment (a double click): the unique key kept the first.
      const first = await alreadySent(deps, userId, input.clientKey);
      if (first) return toThread(deps, await threadRow(deps.db, first.thread_id));
      throw err;
    }
    if (stored) return toThread(deps, await threadRow(deps.db, threadId));
  }
  throw AppError.conflict(SERVICE_MSG.alreadyClosed);
}

/** User/GetMyServiceThread: the open thread, else the newest one; staff replies become read. */
export async function myThread(deps: Deps, userId: number): Promise<ServiceThread | null> {
  const row = await deps.db
    .selectFrom('service_threads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql`case when state = 'open' then 0 else 1 end`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const thread = await toThread(deps, row);
  await deps.db
    .updateTable('service_messages')
    .set({ read_at: iso(deps.now()) })
    .where('thread_id', '=', row.id)
    .where('from_staff', '=', 1)
    .where('read_at', 'is', null)
    .execute();
  return thread;
}

/** User/GetServiceUnreadCount: staff replies the user has not read, across their threads. */
export async function unreadForUser(deps: Pick<AppDeps, 'db'>, userId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('service_messages as m')
    .innerJoin('service_threads as t', 't.id', 'm.thread_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('t.user_id', '=', userId)
    .where('m.from_staff', '=', 1)
    .where('m.read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Admin/GetServiceThreads: waiting threads first (the newest wait on top), then by last message. */
export async function threadList(
  deps: Deps,
  input: { state: ServiceThreadState; pageIndex: number; pageSize: number },
): Promise<{ list: ServiceThreadSummary[]; total: number }> {
  const total = await deps.db
    .selectFrom('service_threads')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('state', '=', input.state)
    .executeTakeFirst();
  const rows = await deps.db
    .selectFrom('service_threads as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.state',
      't.user_id',
      't.last_message_at',
      't.waiting_since',
      'u.user_name',
      'u.cai_hong_id',
    ])
    .where('t.state', '=', input.state)
    .orderBy(sql`case when t.waiting_since is null then 1 else 0 end`)
    .orderBy('t.waiting_since', 'desc')
    .orderBy('t.last_message_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(input.pageSize)
    .offset((input.pageIndex - 1) * input.pageSize)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { list: [], total: Number(total?.n ?? 0) };

  const newestIds = deps.db
    .selectFrom('service_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('thread_id', 'in', ids)
    .groupBy('thread_id');
  const contextIds = deps.db
    .selectFrom('service_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('thread_id', 'in', ids)
    .where((eb) => eb.or([eb('work_id', 'is not', null), eb('order_no', 'is not', null)]))
    .groupBy('thread_id');
  const [newest, contexts, unread] = await Promise.all([
    deps.db
      .selectFrom('service_messages')
      .select(['thread_id', 'content'])
      .where('id', 'in', newestIds)
      .execute(),
    deps.db
      .selectFrom('service_messages')
      .select(['thread_id', 'work_id', 'order_no'])
      .where('id', 'in', contextIds)
      .execute(),
    deps.db
      .selectFrom('service_messages')
      .select((eb) => ['thread_id', eb.fn.countAll<string | number>().as('n')])
      .where('thread_id', 'in', ids)
      .where('from_staff', '=', 0)
      .where('read_at', 'is', null)
      .groupBy('thread_id')
      .execute(),
  ]);
  const titles = await workTitles(
    deps.db,
    contexts.flatMap((c) => (c.work_id ? [c.work_id] : [])),
  );
  const previewOf = new Map(newest.map((m) => [m.thread_id, m.content]));
  const contextOfThread = new Map(contexts.map((c) => [c.thread_id, c]));
  const unreadOf = new Map(unread.map((u) => [u.thread_id, Number(u.n)]));
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((r) => ({
      id: r.id,
      state: r.state === 'closed' ? 'closed' : 'open',
      user: { id: r.user_id, nickName: r.user_name, caiHongID: r.cai_hong_id },
      preview: shorten(previewOf.get(r.id) ?? '', PREVIEW_CHARS),
      lastMessageAt: r.last_message_at,
      waitingSince: r.waiting_since,
      unread: unreadOf.get(r.id) ?? 0,
      context: contextOf(contextOfThread.get(r.id), titles),
    })),
  };
}

/** Admin/GetServiceThread: the whole thread; the user's messages become read by staff. */
export async function threadForStaff(deps: Deps, threadId: number): Promise<ServiceThreadDetail> {
  const row = await threadRow(deps.db, threadId);
  const detail = await toDetail(deps, row);
  await deps.db
    .updateTable('service_messages')
    .set({ read_at: iso(deps.now()) })
    .where('thread_id', '=', threadId)
    .where('from_staff', '=', 0)
    .where('read_at', 'is', null)
    .execute();
  return detail;
}

/** Admin/ReplyServiceThread: staff answer an open thread; the user gets a notice with it. */
export async function replyAsStaff(
  deps: Deps,
  adminId: number,
  threadId: number,
  input: MessageInput,
): Promise<ServiceThreadDetail> {
  const content = checkedContent(input.content);
  const images = await checkedImages(deps, adminId, input.imageKeys);
  const thread = await threadRow(deps.db, threadId);
  const earlier = await alreadySent(deps, adminId, input.clientKey);
  if (earlier) return toDetail(deps, await threadRow(deps.db, earlier.thread_id));
  if (thread.state !== 'open') throw AppError.rule(SERVICE_MSG.alreadyClosed);
  const at = iso(deps.now());
  try {
    await deps.db.transaction().execute(async (trx) => {
      const touched = await trx
        .updateTable('service_threads')
        .set({ last_message_at: at, waiting_since: null })
        .where('id', '=', threadId)
        .where('state', '=', 'open')
        .executeTakeFirst();
      if (Number(touched.numUpdatedRows) !== 1) throw AppError.rule(SERVICE_MSG.alreadyClosed);
      await trx
        .insertInto('service_messages')
        .values({
          thread_id: threadId,
          sender_id: adminId,
          from_staff: 1,
          content,
          image_keys: JSON.stringify(images),
          client_key: input.clientKey,
          created_at: at,
        })
        .execute();
      // Answering is reading: what the user wrote before the reply is no longer waiting.
      await trx
        .updateTable('service_messages')
        .set({ read_at: at })
        .where('thread_id', '=', threadId)
        .where('from_staff', '=', 0)
        .where('read_at', 'is', null)
        .execute();
      await sendNotice(trx, {
        userId: thread.user_id,
        kind: 'service',
        title: SERVICE_MSG.noticeTitle,
        body: shorten(content, 200),
        link: USER_SERVICE_PATH,
      });
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const first = await alreadySent(deps, adminId, input.clientKey);
    if (first) return toDetail(deps, await threadRow(deps.db, first.thread_id));
    throw err;
  }
  return toDetail(deps, await threadRow(deps.db, threadId));
}

/** Admin/SetServiceThreadState: close an open thread, or reopen a closed one. */
export async function setThreadState(
  deps: Deps,
  adminId: number,
  threadId: number,
  state: ServiceThreadState,
): Promise<ServiceThreadDetail> {
  const thread = await threadRow(deps.db, threadId);
  if (state === 'closed') {
    const done = await deps.db
      .updateTable('service_threads')
      .set({ state: 'closed', closed_at: iso(deps.now()), closed_by: adminId, waiting_since: null })
      .where('id', '=', threadId)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw AppError.rule(SERVICE_MSG.alreadyClosed);
  } else {
    if (thread.state === 'open') throw AppError.rule(SERVICE_MSG.alreadyOpen);
    const another = await deps.db
      .selectFrom('service_threads')
      .select('id')
      .where('user_id', '=', thread.user_id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (another) throw AppError.rule(SERVICE_MSG.userHasOpenThread);
    try {
      const done = await deps.db
        .updateTable('service_threads')
        .set({ state: 'open', closed_at: null, closed_by: null })
        .where('id', '=', threadId)
        .where('state', '=', 'closed')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw AppError.rule(SERVICE_MSG.alreadyOpen);
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The user opened a new thread at the same moment: the unique index refused this one.
      throw AppError.rule(SERVICE_MSG.userHasOpenThread);
    }
  }
  return toDetail(deps, await threadRow(deps.db, threadId));
}
