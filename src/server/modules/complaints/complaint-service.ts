import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  COMPLAINT_STATES,
  checkComplaintAnswer,
  checkComplaintForm,
} from '@shared/contract/complaints';
import type {
  ComplaintAction,
  ComplaintDetail,
  ComplaintEvent,
  ComplaintRole,
  ComplaintState,
  ComplaintSummary,
  addComplainRecord,
  answerComplaint,
  getMyComplaints,
} from '@shared/contract/complaints';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import { isAdmin } from '@shared/rules/roles';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/session-auth';
import { publicUrl } from '../../platform/storage/storage';
import { chinaStamp } from '../../platform/china-time';
import { iso } from '../accounts/clock';
import { ownAttachments, toAttachment } from '../attachments/attachment-service';
import { sendNotice } from '../notices/notice-service';
import { THUMB_WIDTH } from '../works/work-cards';
import { COMPLAINT_MSG } from './messages';

// Infringement complaints (docs/complaints.md): filing, the two parties' lists, the detail with its
// event log, and the parties' answers. The admin's decisions are in complaint-review-service.ts.

type Db = Kysely<Database> | Transaction<Database>;
type Deps = Pick<AppDeps, 'db' | 'storage' | 'now'>;

export type ComplaintRow = {
  id: number;
  ref_no: string;
  complainant_id: number;
  work_id: number;
  designer_id: number;
  work_title: string;
  rights: string;
  description: string;
  own_work_url: string;
  contact: string;
  state: string;
  created_at: string;
  updated_at: string;
};

const ROW_COLUMNS = [
  'id',
  'ref_no',
  'complainant_id',
  'work_id',
  'designer_id',
  'work_title',
  'rights',
  'description',
  'own_work_url',
  'contact',
  'state',
  'created_at',
  'updated_at',
] as const;

/** States in which the complaint still waits for someone. */
export const OPEN_STATES: readonly ComplaintState[] = [
  'pending',
  'need_info',
  'taken_down',
  'countered',
];

export const stateOf = (row: { state: string }): ComplaintState =>
  (COMPLAINT_STATES as readonly string[]).includes(row.state)
    ? (row.state as ComplaintState)
    : 'pending';

/** The page of the user centre a complaint notice leads to. */
export const complaintLink = (id: number): string => `/user/complaints?id=${id}`;

/** TS + China date-time + 8 random digits: readable over the phone; the unique index is the guard. */
const newRefNo = (nowMs: number): string =>
  `TS${chinaStamp(nowMs)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

export async function complaintRow(db: Db, id: number): Promise<ComplaintRow | undefined> {
  return db.selectFrom('complaints').select(ROW_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Adds one step to the log with its files, in the caller's transaction. */
export async function addEvent(
  trx: Db,
  event: {
    complaintId: number;
    actorId: number;
    role: ComplaintRole;
    action: ComplaintAction;
    text: string;
    attachmentIds?: readonly number[];
    at: string;
  },
): Promise<void> {
  const row = await trx
    .insertInto('complaint_events')
    .values({
      complaint_id: event.complaintId,
      actor_id: event.actorId,
      actor_role: event.role,
      action: event.action,
      text: event.text,
      created_at: event.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const files = event.attachmentIds ?? [];
  if (files.length > 0) {
    await trx
      .insertInto('complaint_files')
      .values(
        files.map((attachmentId) => ({
          complaint_id: event.complaintId,
          event_id: row.id,
          attachment_id: attachmentId,
        })),
      )
      .execute();
  }
}

/** Public thumbnails of the works that are public now ('' for the others). */
async function thumbsOf(db: Db, workIds: readonly number[]): Promise<Map<number, string>> {
  const thumbs = new Map<number, string>();
  if (workIds.length === 0) return thumbs;
  const rows = await db
    .selectFrom('work_images as i')
    .innerJoin('works as w', 'w.id', 'i.work_id')
    .select(['i.work_id', 'i.storage_key'])
    .where('i.work_id', 'in', [...new Set(workIds)])
    .where('w.status', '=', 'published')
    .where('i.kind', '=', 'thumb')
    .where('i.width', '=', THUMB_WIDTH)
    .where('i.format', '=', 'webp')
    .execute();
  for (const r of rows) {
    if (r.storage_key.startsWith('public/')) thumbs.set(r.work_id, publicUrl(r.storage_key));
  }
  return thumbs;
}

export async function toSummaries(
  db: Db,
  rows: readonly ComplaintRow[],
): Promise<ComplaintSummary[]> {
  const thumbs = await thumbsOf(
    db,
    rows.map((r) => r.work_id),
  );
  return rows.map((r) => ({
    id: r.id,
    refNo: r.ref_no,
    workId: r.work_id,
    workTitle: r.work_title,
    workThumbUrl: thumbs.get(r.work_id) ?? '',
    rights: r.rights,
    state: stateOf(r),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/** How the reader stands to a complaint, or null when they may not read it. */
export function roleOf(viewer: SessionUser, row: ComplaintRow): ComplaintRole | null {
  if (viewer.id === row.complainant_id) return 'complainant';
  if (viewer.id === row.designer_id) return 'designer';
  if (isAdmin(viewer)) return 'admin';
  return null;
}

/** Whether `role` may add a step in `state`: the complainant supplements, the designer answers. */
export function mayAnswer(role: ComplaintRole, state: ComplaintState): boolean {
  if (role === 'complainant') return ['pending', 'need_info', 'countered'].includes(state);
  if (role === 'designer') return ['pending', 'need_info', 'taken_down'].includes(state);
  return false;
}

/** The complaint as `role` reads it, with every step and its files. */
export async function toDetail(
  deps: Deps,
  row: ComplaintRow,
  role: ComplaintRole,
): Promise<ComplaintDetail> {
  const { db } = deps;
  const [summary] = await toSummaries(db, [row]);
  const events = await db
    .selectFrom('complaint_events')
    .select(['id', 'actor_role', 'action', 'text', 'created_at'])
    .where('complaint_id', '=', row.id)
    .orderBy('id')
    .execute();
  const files = await db
    .selectFrom('complaint_files as f')
    .innerJoin('attachments as a', 'a.id', 'f.attachment_id')
    .select([
      'f.event_id',
      'a.id',
      'a.user_id',
      'a.file_key',
      'a.name',
      'a.size',
      'a.width',
      'a.height',
    ])
    .where('f.complaint_id', '=', row.id)
    .orderBy('f.id')
    .execute();
  const byEvent = new Map<number, ComplaintEvent['files']>();
  for (const f of files) {
    const list = byEvent.get(f.event_id) ?? [];
    list.push(toAttachment(deps, f));
    byEvent.set(f.event_id, list);
  }
  const state = stateOf(row);
  return {
    ...summary!,
    description: row.description,
    ownWorkUrl: row.own_work_url,
    contact: role === 'designer' ? '' : row.contact,
    viewerRole: role,
    canAnswer: mayAnswer(role, state),
    events: events.map((e) => ({
      id: e.id,
      actorRole: e.actor_role as ComplaintRole,
      action: e.action as ComplaintAction,
      text: e.text,
      createdAt: e.created_at,
      files: byEvent.get(e.id) ?? [],
    })),
  };
}

/** The complaint `id` if `viewer` may read it; a stranger learns nothing, not even that it exists. */
export async function readableComplaint(
  deps: Pick<AppDeps, 'db'>,
  viewer: SessionUser,
  id: number,
): Promise<{ row: ComplaintRow; role: ComplaintRole }> {
  const row = await complaintRow(deps.db, id);
  const role = row ? roleOf(viewer, row) : null;
  if (!row || !role) throw AppError.notFound(COMPLAINT_MSG.notFound);
  return { row, role };
}

/** Sys/AddComplainRecord: checks the form, then makes one complaint per form (a retry finds it). */
export async function fileComplaint(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof addComplainRecord>,
): Promise<CallResponse<typeof addComplainRecord>> {
  const { db } = deps;
  const previous = async () =>
    db
      .selectFrom('complaints')
      .select(['id', 'ref_no', 'state'])
      .where('complainant_id', '=', userId)
      .where('request_key', '=', input.requestKey)
      .executeTakeFirst();
  const same = await previous();
  if (same) return { id: same.id, refNo: same.ref_no, state: stateOf(same) };

  const refusal = checkComplaintForm({
    rights: input.rights,
    description: input.description,
    ownWorkUrl: input.ownWorkUrl,
    contact: input.contact,
    attachmentCount: new Set(input.attachmentIds).size,
  });
  if (refusal) throw AppError.rule(refusal);
  const work = await db
    .selectFrom('works')
    .select(['id', 'title', 'designer_id', 'status'])
    .where('id', '=', input.workId)
    .executeTakeFirst();
  if (!work || work.status !== 'published') throw AppError.notFound(COMPLAINT_MSG.workGone);
  if (work.designer_id === userId) throw AppError.rule(COMPLAINT_MSG.ownWork);
  const open = await db
    .selectFrom('complaints')
    .select('ref_no')
    .where('complainant_id', '=', userId)
    .where('work_id', '=', work.id)
    .where('state', 'in', [...OPEN_STATES])
    .executeTakeFirst();
  if (open) throw AppError.conflict(COMPLAINT_MSG.alreadyOpen(open.ref_no));
  const files = await ownAttachments(deps, userId, input.attachmentIds);

  const now = iso(deps.now());
  const refNo = newRefNo(deps.now());
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('complaints')
        .values({
          ref_no: refNo,
          request_key: input.requestKey,
          complainant_id: userId,
          work_id: work.id,
          designer_id: work.designer_id,
          work_title: work.title,
          rights: input.rights,
          description: input.description.trim(),
          own_work_url: input.ownWorkUrl.trim(),
          contact: input.contact.trim(),
          state: 'pending',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addEvent(trx, {
        complaintId: row.id,
        actorId: userId,
        role: 'complainant',
        action: 'filed',
        text: input.description.trim(),
        attachmentIds: files,
        at: now,
      });
      const n = COMPLAINT_MSG.notice;
      await sendNotice(trx, {
        userId,
        kind: 'complaint',
        title: n.receivedTitle,
        body: n.receivedBody(work.title, refNo),
        link: complaintLink(row.id),
      });
      await sendNotice(trx, {
        userId: work.designer_id,
        kind: 'complaint',
        title: n.filedTitle,
        body: n.filedBody(work.title, refNo),
        link: complaintLink(row.id),
      });
      return row.id;
    });
    return { id, refNo, state: 'pending' };
  } catch (err) {
    // The same form arrived twice at once: the unique (complainant, request key) kept one.
    const winner = await previous();
    if (winner) return { id: winner.id, refNo: winner.ref_no, state: stateOf(winner) };
    throw err;
  }
}

/** The complaints I filed, or those against my works; newest first. */
export async function myComplaints(
  deps: Deps,
  userId: number,
  input: CallRequest<typeof getMyComplaints>,
): Promise<CallResponse<typeof getMyComplaints>> {
  const column = input.side === 'against' ? 'designer_id' : 'complainant_id';
  const base = deps.db.selectFrom('complaints').where(column, '=', userId);
  const [rows, count] = await Promise.all([
    base
      .select(ROW_COLUMNS)
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { list: await toSummaries(deps.db, rows), total: Number(count?.n ?? 0) };
}

export async function complaintDetail(
  deps: Deps,
  viewer: SessionUser,
  id: number,
): Promise<ComplaintDetail> {
  const { row, role } = await readableComplaint(deps, viewer, id);
  return toDetail(deps, row, role);
}

/**
 * A party's step: the complainant's supplement (answers a request for more, back to pending) or
 * the designer's counter-notice (after a take-down it asks the admin to restore the work).
 */
export async function answer(
  deps: Deps,
  viewer: SessionUser,
  input: CallRequest<typeof answerComplaint>,
): Promise<ComplaintDetail> {
  const { row, role } = await readableComplaint(deps, viewer, input.id);
  if (role === 'admin') throw AppError.forbidden(COMPLAINT_MSG.adminCannotAnswer);
  const state = stateOf(row);
  if (!mayAnswer(role, state)) throw AppError.conflict(COMPLAINT_MSG.cannotAnswer);
  const refusal = checkComplaintAnswer(input.text);
  if (refusal) throw AppError.rule(refusal);
  const files = await ownAttachments(deps, viewer.id, input.attachmentIds);
  const next: ComplaintState =
    role === 'complainant'
      ? state === 'need_info'
        ? 'pending'
        : state
      : state === 'taken_down'
        ? 'countered'
        : state;
  const now = iso(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('complaints')
      .set({ state: next, updated_at: now })
      .where('id', '=', row.id)
      .where('state', '=', state)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw AppError.conflict(COMPLAINT_MSG.stateChanged);
    await addEvent(trx, {
      complaintId: row.id,
      actorId: viewer.id,
      role,
      action: role === 'complainant' ? 'supplemented' : 'countered',
      text: input.text.trim(),
      attachmentIds: files,
      at: now,
    });
    const n = COMPLAINT_MSG.notice;
    await sendNotice(
      trx,
      role === 'complainant'
        ? {
            userId: row.designer_id,
            kind: 'complaint',
            title: n.supplementedTitle,
            body: n.supplementedBody(row.work_title, row.ref_no),
            link: complaintLink(row.id),
          }
        : {
            userId: row.complainant_id,
            kind: 'complaint',
            title: n.counteredTitle,
            body: n.counteredBody(row.work_title, row.ref_no),
            link: complaintLink(row.id),
          },
    );
  });
  return toDetail(deps, { ...row, state: next, updated_at: now }, role);
}
