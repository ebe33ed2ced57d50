import type { AdminWorkDetail, AdminWorkRow } from '@shared/contract/admin';
import type {
  getWorkReviewDetail,
  getWorkReviewList,
  reviewWork,
  takeDownWork,
} from '@shared/contract/admin';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { WorkStyle } from '@shared/contract/works';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import { WORK_STATUS_TITLES } from '@shared/rules/publishing';
import type { AppDeps, WorkIndexes } from '../../deps';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import { sourceKeyOf, statusOf } from '../publishing/drafts';
import { isString, parseJsonArray, toCount } from '../publishing/guards';
import type { StoredDuplicateHit } from '../publishing/near-duplicates';
import { withHitThumbs } from '../publishing/near-duplicates';
import { approveWork, rejectWork, takeDown } from '../publishing/publish-flow';
import { mapLimited, privateFileUrl, privateThumbUrl } from '../publishing/work-files';
import { THUMB_WIDTH } from '../works/work-cards';

// The back office's work review (作品审核): the queue, one work with its near duplicates, and the
// decisions, which publish-flow.ts carries out (and the indexes follow).

function parseHits(json: string): StoredDuplicateHit[] {
  return parseJsonArray(
    json,
    (v): v is StoredDuplicateHit =>
      typeof v === 'object' && v !== null && typeof (v as { workId?: unknown }).workId === 'number',
  );
}

/** One page of works in a status (waiting ones by default, oldest first), by title or designer. */
export async function listWorkReviews(
  deps: AppDeps,
  input: CallRequest<typeof getWorkReviewList>,
): Promise<CallResponse<typeof getWorkReviewList>> {
  const { db } = deps;
  const status = input.status ?? 'review';
  let q = db
    .selectFrom('works as w')
    .innerJoin('users as u', 'u.id', 'w.designer_id')
    .leftJoin('categories as c', 'c.kid', 'w.category_kid')
    .where('w.status', '=', status);
  const keyword = input.keyword?.trim();
  if (keyword) {
    q = q.where((eb) =>
      eb.or([eb('w.title', 'like', `%${keyword}%`), eb('u.user_name', 'like', `%${keyword}%`)]),
    );
  }
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .select([
        'w.id',
        'w.title',
        'w.status',
        'w.designer_id',
        'u.user_name',
        'c.title as category_title',
        'w.header_type',
        'w.price_fen',
        'w.updated_at',
      ])
      .orderBy('w.updated_at', status === 'review' ? 'asc' : 'desc')
      .orderBy('w.id')
      .limit(input.pageSize)
      .offset((input.pageIndex - 1) * input.pageSize)
      .execute(),
  ]);
  const ids = rows.map((r) => r.id);
  const [reviews, thumbs] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('work_reviews')
          .select(['work_id', 'submitted_at', 'duplicate_hits', 'id'])
          .where('work_id', 'in', ids)
          .where('state', 'in', ['pending', 'approved', 'rejected'])
          .orderBy('id', 'desc')
          .execute(),
    mapLimited(ids, 4, async (id) => {
      const publicThumb = await db
        .selectFrom('work_images')
        .select('storage_key')
        .where('work_id', '=', id)
        .where('kind', '=', 'thumb')
        .where('format', '=', 'webp')
        .where('width', '=', THUMB_WIDTH)
        .executeTakeFirst();
      if (publicThumb) return publicUrl(publicThumb.storage_key);
      const key = await sourceKeyOf(db, id);
      return key ? privateThumbUrl(deps, key) : '';
    }),
  ]);
  const latest = new Map<number, (typeof reviews)[number]>();
  for (const r of reviews) if (!latest.has(r.work_id)) latest.set(r.work_id, r);
  const list: AdminWorkRow[] = rows.map((r, i) => {
    const review = latest.get(r.id);
    return {
      id: r.id,
      title: r.title,
      status: statusOf(r),
      thumbUrl: thumbs[i] ?? '',
      designerId: r.designer_id,
      designerName: r.user_name,
      categoryTitle: r.category_title ?? '',
      headerType: r.header_type,
      priceFen: r.price_fen,
      submittedAt: review?.submitted_at ?? null,
      duplicateCount: review ? parseHits(review.duplicate_hits).length : 0,
    };
  });
  return { list, total: toCount(total.n) };
}

/** A work as the reviewer checks it: the source image, every field, its near duplicates, history. */
export async function workReviewDetail(
  deps: AppDeps,
  input: CallRequest<typeof getWorkReviewDetail>,
): Promise<AdminWorkDetail> {
  const { db } = deps;
  const work = await db
    .selectFrom('works')
    .selectAll()
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!work || work.status === 'deleted') throw AppError.notFound(MSG.missing.work);
  const [designer, category, licences, reviews, key] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'user_name', 'cai_hong_id'])
      .where('id', '=', work.designer_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('categories as c')
      .leftJoin('categories as p', 'p.kid', 'c.parent_kid')
      .select(['c.title', 'p.title as parent_title'])
      .where('c.kid', '=', work.category_kid)
      .executeTakeFirst(),
    db
      .selectFrom('work_licences')
      .select(['kind', 'title', 'price_fen', 'scope'])
      .where('work_id', '=', work.id)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('work_reviews')
      .selectAll()
      .where('work_id', '=', work.id)
      .orderBy('id', 'desc')
      .execute(),
    sourceKeyOf(db, work.id),
  ]);
  const current = reviews.find((r) => r.state === 'pending') ?? reviews[0];
  const status = statusOf(work);
  return {
    id: work.id,
    title: work.title,
    description: work.description,
    status,
    statusTitle: WORK_STATUS_TITLES[status],
    imageUrl: key ? privateFileUrl(deps, key) : '',
    thumbUrl: key ? await privateThumbUrl(deps, key) : '',
    width: work.width,
    height: work.height,
    categoryPath: [category?.parent_title, category?.title].filter(
      (t): t is string => typeof t === 'string' && t !== '',
    ),
    style: work.style,
    styleTitle: WORK_STYLE_TITLES[work.style as WorkStyle] ?? '',
    headerType: work.header_type,
    isSeamless: work.is_seamless === 1,
    tags: parseJsonArray(work.tags, isString),
    colors: parseJsonArray(work.colors, isString),
    licences: licences.map((l) => ({
      kind: l.kind as AdminWorkDetail['licences'][number]['kind'],
      title: l.title,
      priceFen: l.price_fen,
      scope: l.scope,
    })),
    designer: {
      userId: designer.id,
      userName: designer.user_name,
      caiHongID: designer.cai_hong_id,
    },
    submittedAt: current?.submitted_at ?? null,
    duplicates: await withHitThumbs(deps, current ? parseHits(current.duplicate_hits) : []),
    history: reviews.map((r) => ({
      state: r.state,
      reason: r.reason,
      at: r.decided_at ?? r.submitted_at,
    })),
  };
}

/** Approves (publishes) or rejects a work waiting for review. */
export async function decideWork(
  deps: AppDeps & WorkIndexes,
  adminId: number,
  input: CallRequest<typeof reviewWork>,
): Promise<CallResponse<typeof reviewWork>> {
  if (input.approve) await approveWork(deps, adminId, input.id);
  else await rejectWork(deps, adminId, input.id, input.reason);
  return { id: input.id, status: input.approve ? ('published' as const) : ('rejected' as const) };
}

/** Takes a published work offline, with the reason its designer is told. */
export async function withdrawWork(
  deps: AppDeps & WorkIndexes,
  adminId: number,
  input: CallRequest<typeof takeDownWork>,
): Promise<CallResponse<typeof takeDownWork>> {
  await takeDown(deps, adminId, input.id, input.reason);
  return { id: input.id, status: 'offline' as const };
}
