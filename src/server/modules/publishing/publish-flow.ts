import sharp from 'sharp';
import type { PublishResult } from '@shared/contract/publishing';
import { WORK_STYLES } from '@shared/contract/works';
import {
  SUBMITTABLE_STATUSES,
  WORK_LIMITS,
  WORK_STATUS_TITLES,
  checkPatternDimensions,
} from '@shared/rules/publishing';
import type { WorkRow } from '../../db/schema';
import type { AppDeps, WorkIndexes } from '../../deps';
import { AppError } from '../../http/app-error';
import { iso } from '../accounts/clock';
import { indexWorkTerms } from '../search/word/indexer';
import { indexWorkCatalogue } from '../works/licence-options';
import { generateWorkImages } from '../works/work-images';
import { DEFAULT_TITLE, sourceKeyOf, statusOf } from './drafts';
import { findNearDuplicates, updateImageSearchIndex } from './near-duplicates';
import { MSG } from '@shared/messages';
import { PUBLISHING_MSG } from './messages';
import { NOTICES } from '../notices/notice-messages';
import { sendNotice } from '../notices/notice-service';

// The life of a work after the draft: sent to review (checked for copies first), approved (public
// images, catalogue and search indexes) or rejected with a reason; taken down; deleted (soft).

/** What changing a work's public life needs: the outside world and the indexes that follow it. */
type PublishDeps = AppDeps & WorkIndexes;

/** What is missing before a work may be reviewed, in the order of the form. */
async function missingFields(deps: AppDeps, work: WorkRow): Promise<string[]> {
  const missing: string[] = [];
  if (work.title.trim() === '' || work.title === DEFAULT_TITLE)
    missing.push(PUBLISHING_MSG.field.title);
  const source = await deps.db
    .selectFrom('work_sources')
    .select('category_chosen')
    .where('work_id', '=', work.id)
    .executeTakeFirst();
  if (source && source.category_chosen !== 1) missing.push(PUBLISHING_MSG.field.category);
  if (!(WORK_STYLES as readonly string[]).includes(work.style))
    missing.push(PUBLISHING_MSG.field.style);
  if (work.price_fen < WORK_LIMITS.priceMinFen) missing.push(PUBLISHING_MSG.field.price);
  return missing;
}

/** The uploaded picture of a work and its hash (null for works made before uploads existed). */
async function sourceImage(
  deps: AppDeps,
  workId: number,
): Promise<{ body: Buffer; sha256: string | null } | null> {
  const key = await sourceKeyOf(deps.db, workId);
  if (!key) return null;
  const [file, upload] = await Promise.all([
    deps.storage.get(key),
    deps.db.selectFrom('uploads').select('sha256').where('file_key', '=', key).executeTakeFirst(),
  ]);
  return file ? { body: file.body, sha256: upload?.sha256 ?? null } : null;
}

async function submitOne(deps: PublishDeps, userId: number, id: number): Promise<PublishResult> {
  const { db } = deps;
  const fail = (status: string, msg: string): PublishResult => ({ id, ok: false, status, msg });
  const work = await db.selectFrom('works').selectAll().where('id', '=', id).executeTakeFirst();
  if (!work || work.status === 'deleted') return fail('', MSG.missing.work);
  if (work.designer_id !== userId) return fail('', PUBLISHING_MSG.ownWorksOnly);
  const status = statusOf(work);
  // Already sent (another tab, a retry): nothing more happens, and it is not an error.
  if (status === 'review' || status === 'published') return { id, ok: true, status, msg: '' };
  if (!SUBMITTABLE_STATUSES.includes(status)) {
    return fail(status, PUBLISHING_MSG.notSubmittable(WORK_STATUS_TITLES[status]));
  }
  const missing = await missingFields(deps, work);
  if (missing.length > 0) return fail(status, PUBLISHING_MSG.completeFields(missing));
  const tooSmall = checkPatternDimensions(work.width, work.height);
  if (tooSmall) return fail(status, tooSmall);
  const image = await sourceImage(deps, id);
  if (!image) return fail(status, PUBLISHING_MSG.imageMissingReupload);
  const hits = await findNearDuplicates(deps, {
    workId: id,
    designerId: userId,
    sha256: image.sha256,
    image: image.body,
  });
  const now = iso(deps.now());
  const moved = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('works')
      .set({ status: 'review', updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', [...SUBMITTABLE_STATUSES])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('work_reviews')
      .values({
        work_id: id,
        designer_id: userId,
        state: 'pending',
        duplicate_hits: JSON.stringify(hits),
        submitted_at: now,
      })
      .execute();
    return true;
  });
  if (!moved) {
    const again = await db
      .selectFrom('works')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    const now2 = statusOf(again ?? { status: 'draft' });
    return now2 === 'review' || now2 === 'published'
      ? { id, ok: true, status: now2, msg: '' }
      : fail(now2, PUBLISHING_MSG.statusChanged);
  }
  return { id, ok: true, status: 'review', msg: '' };
}

/**
 * PublishCreation of a settled designer (its auth): each work is checked and sent on its own; one
 * failure does not stop the rest.
 */
export async function submitForReview(
  deps: PublishDeps,
  userId: number,
  ids: readonly number[],
): Promise<PublishResult[]> {
  const results: PublishResult[] = [];
  for (const id of ids) results.push(await submitOne(deps, userId, id));
  return results;
}

/** Removes the public images of a work that is no longer public; the private original stays. */
async function dropPublicImages(deps: AppDeps, workId: number): Promise<void> {
  const rows = await deps.db
    .selectFrom('work_images')
    .select('storage_key')
    .where('work_id', '=', workId)
    .where('kind', '!=', 'original')
    .execute();
  await deps.db
    .deleteFrom('work_images')
    .where('work_id', '=', workId)
    .where('kind', '!=', 'original')
    .execute();
  await Promise.all(rows.map((r) => deps.storage.delete(r.storage_key)));
}

/** After a work stops being public: search indexes forget it, caches drop it, its public images go. */
async function afterWithdrawn(deps: PublishDeps, workIds: readonly number[]): Promise<void> {
  for (const id of workIds) {
    await dropPublicImages(deps, id);
    await indexWorkTerms(deps.db, deps, id);
    await updateImageSearchIndex(deps, id, false);
  }
}

/** A reviewer approves: public images from the uploaded original, catalogue and search indexes, published. */
export async function approveWork(
  deps: PublishDeps,
  reviewerId: number,
  workId: number,
): Promise<void> {
  const { db } = deps;
  const work = await db.selectFrom('works').selectAll().where('id', '=', workId).executeTakeFirst();
  if (!work || work.status === 'deleted') throw AppError.notFound(MSG.missing.work);
  if (work.status !== 'review') throw AppError.conflict(PUBLISHING_MSG.notInReview);
  const image = await sourceImage(deps, workId);
  if (!image) throw AppError.rule(PUBLISHING_MSG.imageMissingNoPublish);
  // generateWorkImages keeps the original as PNG; other formats are converted once here. This is
  // the first full decode of a PNG's pixels (the upload checked its structure): a file whose
  // compressed data is broken behind right checksums is stopped here with a reason, not a 500.
  let records: Awaited<ReturnType<typeof generateWorkImages>>;
  try {
    const meta = await sharp(image.body, { limitInputPixels: false }).metadata();
    const png =
      meta.format === 'png'
        ? image.body
        : await sharp(image.body, { limitInputPixels: false }).rotate().png().toBuffer();
    records = await generateWorkImages(deps.storage, `w${workId}`, png);
  } catch {
    throw AppError.rule(PUBLISHING_MSG.imageUndecodableNoPublish);
  }
  await indexWorkCatalogue(db, workId);
  const now = iso(deps.now());
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('works')
      .set({
        status: 'published',
        published_at: work.published_at ?? now,
        updated_at: now,
      })
      .where('id', '=', workId)
      .where('status', '=', 'review')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw AppError.conflict(PUBLISHING_MSG.notInReview);
    await trx.deleteFrom('work_images').where('work_id', '=', workId).execute();
    await trx
      .insertInto('work_images')
      .values(
        records.map((r) => ({
          work_id: workId,
          kind: r.kind,
          width: r.width,
          height: r.height,
          format: r.format,
          storage_key: r.storageKey,
        })),
      )
      .execute();
    await trx
      .updateTable('work_reviews')
      .set({ state: 'approved', reviewer_id: reviewerId, decided_at: now })
      .where('work_id', '=', workId)
      .where('state', '=', 'pending')
      .execute();
    await sendNotice(trx, NOTICES.workApproved(work.designer_id, work.title));
  });
  await indexWorkTerms(db, deps, workId);
  await updateImageSearchIndex(deps, workId, true);
}

export async function rejectWork(
  deps: AppDeps,
  reviewerId: number,
  workId: number,
  reason: string,
): Promise<void> {
  if (reason.trim() === '') throw AppError.rule(PUBLISHING_MSG.rejectReasonMissing);
  const { db } = deps;
  const now = iso(deps.now());
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('works')
      .set({ status: 'rejected', updated_at: now })
      .where('id', '=', workId)
      .where('status', '=', 'review')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const exists = await trx
        .selectFrom('works')
        .select('id')
        .where('id', '=', workId)
        .executeTakeFirst();
      if (!exists) throw AppError.notFound(MSG.missing.work);
      throw AppError.conflict(PUBLISHING_MSG.notInReview);
    }
    await trx
      .updateTable('work_reviews')
      .set({ state: 'rejected', reason: reason.trim(), reviewer_id: reviewerId, decided_at: now })
      .where('work_id', '=', workId)
      .where('state', '=', 'pending')
      .execute();
    const work = await trx
      .selectFrom('works')
      .select(['designer_id', 'title'])
      .where('id', '=', workId)
      .executeTakeFirstOrThrow();
    await sendNotice(
      trx,
      NOTICES.workRejected(work.designer_id, workId, work.title, reason.trim()),
    );
  });
}

/** An admin takes a published work down, with a reason the designer reads. */
export async function takeDown(
  deps: PublishDeps,
  adminId: number,
  workId: number,
  reason: string,
): Promise<void> {
  const { db } = deps;
  const work = await db
    .selectFrom('works')
    .select(['id', 'status', 'designer_id'])
    .where('id', '=', workId)
    .executeTakeFirst();
  if (!work || work.status === 'deleted') throw AppError.notFound(MSG.missing.work);
  const now = iso(deps.now());
  const result = await db
    .updateTable('works')
    .set({ status: 'offline', updated_at: now })
    .where('id', '=', workId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw AppError.conflict(PUBLISHING_MSG.publishedOnlyTakeDown);
  await db
    .insertInto('work_reviews')
    .values({
      work_id: workId,
      designer_id: work.designer_id,
      state: 'taken_down',
      reason: reason.trim(),
      reviewer_id: adminId,
      submitted_at: now,
      decided_at: now,
    })
    .execute();
  await afterWithdrawn(deps, [workId]);
}

/** The designer takes some of their published works down. */
export async function offlineOwnWorks(
  deps: PublishDeps,
  userId: number,
  ids: readonly number[],
): Promise<number> {
  const now = iso(deps.now());
  const rows = await deps.db
    .updateTable('works')
    .set({ status: 'offline', updated_at: now })
    .where('id', 'in', [...ids])
    .where('designer_id', '=', userId)
    .where('status', '=', 'published')
    .returning('id')
    .execute();
  await afterWithdrawn(
    deps,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** Soft delete: the work leaves every list; its file may start a new draft later. */
export async function deleteOwnWorks(
  deps: PublishDeps,
  userId: number,
  ids: readonly number[],
): Promise<number> {
  const { db } = deps;
  const now = iso(deps.now());
  const rows = await db
    .selectFrom('works')
    .select(['id', 'status'])
    .where('id', 'in', [...ids])
    .where('designer_id', '=', userId)
    .where('status', '!=', 'deleted')
    .execute();
  if (rows.length === 0) return 0;
  const workIds = rows.map((r) => r.id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('works')
      .set({ status: 'deleted', updated_at: now })
      .where('id', 'in', workIds)
      .execute();
    await trx
      .updateTable('work_sources')
      .set({ live_file_key: null })
      .where('work_id', 'in', workIds)
      .execute();
    await trx
      .updateTable('work_reviews')
      .set({ state: 'withdrawn', decided_at: now })
      .where('work_id', 'in', workIds)
      .where('state', '=', 'pending')
      .execute();
  });
  const wasPublic = rows.filter((r) => r.status === 'published' || r.status === 'offline');
  await afterWithdrawn(
    deps,
    wasPublic.map((r) => r.id),
  );
  return rows.length;
}

/** Price changes of published works reach the catalogue's caches at once. */
export function worksChanged(
  deps: Pick<WorkIndexes, 'worksChanged'>,
  ids: readonly number[],
): void {
  if (ids.length > 0) deps.worksChanged.notify(ids);
}
