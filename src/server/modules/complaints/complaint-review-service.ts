import type {
  ComplaintDetail,
  ComplaintMatch,
  ComplaintState,
  decideComplaint,
  getAdminComplaintList,
  getComplaintReview,
} from '@shared/contract/complaints';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import { WORK_STATUS_TITLES } from '@shared/rules/publishing';
import type { WorkStatus } from '@shared/rules/publishing';
import type { AppDeps, WorkIndexes } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/session-auth';
import { iso } from '../accounts/clock';
import { sendNotice } from '../notices/notice-service';
import { sourceKeyOf } from '../publishing/drafts';
import { approveWork, takeDown } from '../publishing/publish-flow';
import { privateThumbUrl } from '../publishing/work-files';
import { ImageDecodeError } from '../search/image/decode';
import { extractQueryDescriptor } from '../search/image/descriptors';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';
import {
  addEvent,
  complaintLink,
  complaintRow,
  readableComplaint,
  stateOf,
  toDetail,
  toSummaries,
} from './complaint-service';
import type { ComplaintRow } from './complaint-service';
import { COMPLAINT_MSG } from './messages';

// The back office's side of complaints: the queue, the complaint beside the reported work and the
// published works the image-search engine finds like it, and the decisions. Taking down and
// restoring go through the publishing service, so the work leaves (or re-enters) the catalogue,
// the word index and the image index exactly as any other take-down or approval does.

type ReviewDeps = AppDeps & WorkIndexes;

/** Matches the reviewer sees: the closest published works, the reported one left out. */
const MATCH_LIMIT = 8;

/** Open complaints first (oldest waiting first), then the closed ones, newest first. */
export async function adminComplaintList(
  deps: AppDeps,
  input: CallRequest<typeof getAdminComplaintList>,
): Promise<CallResponse<typeof getAdminComplaintList>> {
  const { db } = deps;
  let base = db
    .selectFrom('complaints as c')
    .innerJoin('users as cu', 'cu.id', 'c.complainant_id')
    .innerJoin('users as du', 'du.id', 'c.designer_id');
  if (input.state) base = base.where('c.state', '=', input.state);
  const [rows, count] = await Promise.all([
    base
      .selectAll('c')
      .select(['cu.user_name as complainant_name', 'du.user_name as designer_name'])
      .orderBy((eb) =>
        eb.case().when('c.state', 'in', ['pending', 'countered']).then(0).else(1).end(),
      )
      .orderBy('c.id', 'desc')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const summaries = await toSummaries(db, rows);
  return {
    list: summaries.map((s, i) => ({
      ...s,
      complainantName: rows[i]!.complainant_name,
      designerName: rows[i]!.designer_name,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Published works the image-search engine finds closest to the reported work's picture. */
async function imageMatches(
  deps: ReviewDeps,
  workId: number,
  image: Buffer | null,
): Promise<ComplaintMatch[]> {
  if (!image) return [];
  let descriptor: Awaited<ReturnType<typeof extractQueryDescriptor>>;
  try {
    descriptor = await extractQueryDescriptor(image);
  } catch (err) {
    if (err instanceof ImageDecodeError) return [];
    throw err;
  }
  const { same, similar } = deps.imageIndex.search(descriptor, {
    ignoreColor: true,
    limit: MATCH_LIMIT + 1,
  });
  const best = new Map<number, { score: number; exact: boolean }>();
  for (const hit of [...same, ...similar]) {
    if (hit.id === workId || best.has(hit.id)) continue;
    const score = hit.exact ? 1 : Math.max(0, Math.min(1, Math.round(hit.score * 1000) / 1000));
    best.set(hit.id, { score, exact: hit.exact });
  }
  const ids = [...best.keys()].slice(0, MATCH_LIMIT);
  if (ids.length === 0) return [];
  const cards = await toWorkCards(
    deps.db,
    await publishedCardsQuery(deps.db).where('w.id', 'in', ids).execute(),
  );
  return cards
    .map((card) => ({
      workId: card.id,
      title: card.title,
      designerName: card.designerName,
      thumbUrl: card.thumbUrl,
      score: best.get(card.id)!.score,
      exact: best.get(card.id)!.exact,
    }))
    .sort((a, b) => b.score - a.score || a.workId - b.workId);
}

export async function complaintReview(
  deps: ReviewDeps,
  admin: SessionUser,
  id: number,
): Promise<CallResponse<typeof getComplaintReview>> {
  const { row, role } = await readableComplaint(deps, admin, id);
  const { db } = deps;
  const [work, complainant] = await Promise.all([
    db
      .selectFrom('works as w')
      .innerJoin('users as u', 'u.id', 'w.designer_id')
      .select(['w.id', 'w.title', 'w.status', 'u.user_name'])
      .where('w.id', '=', row.work_id)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select('user_name')
      .where('id', '=', row.complainant_id)
      .executeTakeFirst(),
  ]);
  const key = await sourceKeyOf(db, row.work_id);
  const file = key ? await deps.storage.get(key) : null;
  const [complaint, matches, imageUrl] = await Promise.all([
    toDetail(deps, row, role),
    imageMatches(deps, row.work_id, file?.body ?? null),
    key ? privateThumbUrl(deps, key) : Promise.resolve(''),
  ]);
  const status = (work?.status ?? 'deleted') as WorkStatus;
  return {
    complaint,
    work: {
      id: row.work_id,
      title: work?.title ?? row.work_title,
      statusTitle: WORK_STATUS_TITLES[status] ?? status,
      designerName: work?.user_name ?? '',
      imageUrl,
    },
    matches,
    complainantName: complainant?.user_name ?? '',
  };
}

/** Which decision may follow which state, and the state it leads to. */
const DECISIONS: Record<
  CallRequest<typeof decideComplaint>['decision'],
  { from: readonly ComplaintState[]; to: ComplaintState; needsReason: boolean }
> = {
  takeDown: { from: ['pending', 'need_info'], to: 'taken_down', needsReason: false },
  dismiss: { from: ['pending', 'need_info'], to: 'dismissed', needsReason: true },
  requestInfo: { from: ['pending'], to: 'need_info', needsReason: true },
  restore: { from: ['countered'], to: 'restored', needsReason: true },
  uphold: { from: ['countered'], to: 'taken_down', needsReason: true },
};

/** Brings a taken-down work back through review's own approval: public images, indexes, catalogue. */
async function restoreWork(deps: ReviewDeps, adminId: number, row: ComplaintRow): Promise<void> {
  const now = iso(deps.now());
  const moved = await deps.db
    .updateTable('works')
    .set({ status: 'review', updated_at: now })
    .where('id', '=', row.work_id)
    .where('status', '=', 'offline')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) throw AppError.conflict(COMPLAINT_MSG.workNotDown);
  const review = await deps.db
    .insertInto('work_reviews')
    .values({
      work_id: row.work_id,
      designer_id: row.designer_id,
      state: 'pending',
      reviewer_id: adminId,
      submitted_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await approveWork(deps, adminId, row.work_id);
  } catch (err) {
    // Not restorable (its picture is gone): it stays down, as it was.
    await deps.db
      .updateTable('works')
      .set({ status: 'offline' })
      .where('id', '=', row.work_id)
      .where('status', '=', 'review')
      .execute();
    await deps.db.deleteFrom('work_reviews').where('id', '=', review.id).execute();
    throw err;
  }
}

export async function decide(
  deps: ReviewDeps,
  admin: SessionUser,
  input: CallRequest<typeof decideComplaint>,
): Promise<ComplaintDetail> {
  const { row } = await readableComplaint(deps, admin, input.id);
  const rule = DECISIONS[input.decision];
  const state = stateOf(row);
  if (!rule.from.includes(state)) throw AppError.conflict(COMPLAINT_MSG.stateChanged);
  let reason = input.reason.trim();
  if (rule.needsReason && reason === '') throw AppError.rule(COMPLAINT_MSG.reasonRequired);

  // The work's change first: it is the step that can be refused (the work is no longer public, a
  // second click already took it down), and then the complaint is not moved either.
  if (input.decision === 'takeDown') {
    if (reason === '') reason = COMPLAINT_MSG.defaultTakeDownReason(row.ref_no);
    const work = await deps.db
      .selectFrom('works')
      .select('status')
      .where('id', '=', row.work_id)
      .executeTakeFirst();
    if (work?.status === 'published') await takeDown(deps, admin.id, row.work_id, reason);
    else if (work?.status !== 'offline') throw AppError.conflict(COMPLAINT_MSG.workNotPublic);
  }
  if (input.decision === 'restore') await restoreWork(deps, admin.id, row);

  const now = iso(deps.now());
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('complaints')
      .set({ state: rule.to, updated_at: now })
      .where('id', '=', row.id)
      .where('state', '=', state)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw AppError.conflict(COMPLAINT_MSG.stateChanged);
    const action = (
      {
        takeDown: 'taken_down',
        dismiss: 'dismissed',
        requestInfo: 'info_requested',
        restore: 'restored',
        uphold: 'upheld',
      } as const
    )[input.decision];
    await addEvent(trx, {
      complaintId: row.id,
      actorId: admin.id,
      role: 'admin',
      action,
      text: reason,
      at: now,
    });
    const n = COMPLAINT_MSG.notice;
    const title = row.work_title;
    const ref = row.ref_no;
    const link = complaintLink(row.id);
    const toComplainant = (t: string, body: string) =>
      sendNotice(trx, { userId: row.complainant_id, kind: 'complaint', title: t, body, link });
    const toDesigner = (t: string, body: string) =>
      sendNotice(trx, { userId: row.designer_id, kind: 'complaint', title: t, body, link });
    switch (input.decision) {
      case 'takeDown':
        await toDesigner(n.takenDownTitle, n.takenDownBody(title, ref, reason));
        await toComplainant(
          n.takenDownForComplainantTitle,
          n.takenDownForComplainantBody(title, ref),
        );
        break;
      case 'dismiss':
        await toComplainant(n.dismissedTitle, n.dismissedBody(title, ref, reason));
        await toDesigner(n.dismissedForDesignerTitle, n.dismissedForDesignerBody(title, ref));
        break;
      case 'requestInfo':
        await toComplainant(n.needInfoTitle, n.needInfoBody(title, ref, reason));
        break;
      case 'restore':
        await toDesigner(n.restoredTitle, n.restoredBody(title, ref, reason));
        await toComplainant(
          n.restoredForComplainantTitle,
          n.restoredForComplainantBody(title, ref, reason),
        );
        break;
      case 'uphold':
        await toDesigner(n.upheldTitle, n.upheldBody(title, ref, reason));
        break;
    }
  });
  const fresh = await complaintRow(deps.db, row.id);
  return toDetail(deps, fresh!, 'admin');
}
