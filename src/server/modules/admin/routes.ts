import type { FastifyInstance } from 'fastify';
import type { AdminWorkDetail, AdminWorkRow } from '@shared/contract/admin';
import {
  getAdminOverview,
  getApplicationDetail,
  getApplicationList,
  getWorkReviewDetail,
  getWorkReviewList,
  reviewApplication,
  reviewWork,
  takeDownWork,
} from '@shared/contract/admin';
import type { WorkStyle } from '@shared/contract/works';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import { WORK_STATUS_TITLES } from '@shared/rules/publishing';
import { AppError } from '../../http/app-error';
import { workIndexesOf } from '../../plugins/services';
import { registerCall } from '../../http/register-call';
import { publicUrl } from '../../platform/storage/storage';
import { THUMB_WIDTH } from '../works/work-cards';
import { toVerifyRecord } from '../publishing/certification';
import { sourceKeyOf, statusOf } from '../publishing/drafts';
import { isString, parseJsonArray, toCount } from '../publishing/guards';
import type { StoredDuplicateHit } from '../publishing/near-duplicates';
import { withHitThumbs } from '../publishing/near-duplicates';
import { approveWork, rejectWork, takeDown } from '../publishing/publish-flow';
import { decideApplication, toApplication } from '../publishing/settle-in';
import { mapLimited, privateFileUrl, privateThumbUrl } from '../publishing/work-files';

const maskPhone = (phone: string | null) =>
  phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '';

function parseHits(json: string): StoredDuplicateHit[] {
  return parseJsonArray(
    json,
    (v): v is StoredDuplicateHit =>
      typeof v === 'object' && v !== null && typeof (v as { workId?: unknown }).workId === 'number',
  );
}

export function registerAdminRoutes(app: FastifyInstance): void {
  // Approving, withdrawing and editing works update the indexes this app was built with.
  const deps = { ...app.deps, ...workIndexesOf(app) };
  const { db } = deps;

  registerCall(app, getAdminOverview, async () => {
    const count = async (q: Promise<{ n: number | string | bigint }>) => toCount((await q).n);
    const [pendingApplications, pendingWorks, settledDesigners, publishedWorks] = await Promise.all(
      [
        count(
          db
            .selectFrom('designer_applications')
            .where('state', '=', 'submitted')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
        ),
        count(
          db
            .selectFrom('works')
            .where('status', '=', 'review')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
        ),
        count(
          db
            .selectFrom('users')
            .where('settle_status', '=', 1)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
        ),
        count(
          db
            .selectFrom('works')
            .where('status', '=', 'published')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
        ),
      ],
    );
    return { pendingApplications, pendingWorks, settledDesigners, publishedWorks };
  });

  registerCall(app, getApplicationList, async (input) => {
    const state = input.state ?? 'submitted';
    let q = db
      .selectFrom('designer_applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .where('a.state', '=', state);
    if (input.kind) q = q.where('a.kind', '=', input.kind);
    const [total, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q
        .select([
          'a.id',
          'a.kind',
          'a.state',
          'a.nick_name',
          'a.real_name',
          'a.company_name',
          'a.sample_keys',
          'a.created_at',
          'a.reviewed_at',
          'u.id as user_id',
          'u.cai_hong_id',
          'u.phone',
        ])
        // Waiting applications first come, first served; decided ones newest first.
        .orderBy('a.created_at', state === 'submitted' ? 'asc' : 'desc')
        .orderBy('a.id', state === 'submitted' ? 'asc' : 'desc')
        .limit(input.pageSize)
        .offset((input.pageIndex - 1) * input.pageSize)
        .execute(),
    ]);
    return {
      total: toCount(total.n),
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind === 'enterprise' ? ('enterprise' as const) : ('personal' as const),
        state:
          r.state === 'approved'
            ? ('approved' as const)
            : r.state === 'rejected'
              ? ('rejected' as const)
              : ('submitted' as const),
        nickName: r.nick_name,
        applicantName: r.kind === 'enterprise' ? r.company_name : r.real_name,
        userId: r.user_id,
        caiHongID: r.cai_hong_id,
        phoneMasked: maskPhone(r.phone),
        sampleCount: parseJsonArray(r.sample_keys, isString).length,
        createdAt: r.created_at,
        reviewedAt: r.reviewed_at,
      })),
    };
  });

  registerCall(app, getApplicationDetail, async (input) => {
    const row = await db
      .selectFrom('designer_applications')
      .selectAll()
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw AppError.notFound('申请不存在');
    const [user, verification, history] = await Promise.all([
      db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirstOrThrow(),
      row.verification_id === null
        ? Promise.resolve(undefined)
        : db
            .selectFrom('identity_verifications')
            .selectAll()
            .where('id', '=', row.verification_id)
            .executeTakeFirst(),
      db
        .selectFrom('designer_applications')
        .select(['id', 'state', 'created_at', 'reject_reason'])
        .where('user_id', '=', row.user_id)
        .where('id', '!=', row.id)
        .orderBy('id', 'desc')
        .limit(20)
        .execute(),
    ]);
    return {
      application: await toApplication(deps, row),
      applicant: {
        userId: user.id,
        caiHongID: user.cai_hong_id,
        userName: user.user_name,
        phoneMasked: maskPhone(user.phone),
        registeredAt: user.created_at,
        settleStatus: user.settle_status,
      },
      verification: verification ? toVerifyRecord(verification) : null,
      history: history.map((h) => ({
        id: h.id,
        state:
          h.state === 'approved'
            ? ('approved' as const)
            : h.state === 'rejected'
              ? ('rejected' as const)
              : ('submitted' as const),
        createdAt: h.created_at,
        rejectReason: h.reject_reason,
      })),
    };
  });

  registerCall(app, reviewApplication, async (input, { currentUser }) => {
    const admin = currentUser();
    return decideApplication(deps, admin.id, input.id, input.approve, input.reason);
  });

  registerCall(app, getWorkReviewList, async (input) => {
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
  });

  registerCall(app, getWorkReviewDetail, async (input) => {
    const work = await db
      .selectFrom('works')
      .selectAll()
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!work || work.status === 'deleted') throw AppError.notFound('作品不存在');
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
    const detail: AdminWorkDetail = {
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
    return detail;
  });

  registerCall(app, reviewWork, async (input, { currentUser }) => {
    const admin = currentUser();
    if (input.approve) await approveWork(deps, admin.id, input.id);
    else await rejectWork(deps, admin.id, input.id, input.reason);
    return { id: input.id, status: input.approve ? ('published' as const) : ('rejected' as const) };
  });

  registerCall(app, takeDownWork, async (input, { currentUser }) => {
    const admin = currentUser();
    await takeDown(deps, admin.id, input.id, input.reason);
    return { id: input.id, status: 'offline' as const };
  });
}
