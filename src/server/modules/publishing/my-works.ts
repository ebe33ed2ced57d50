import type { Kysely } from 'kysely';
import type { CallRequest, CallResponse } from '@shared/contract/define';
import type { MyWorkCounts, MyWorkItem, getMyCreations } from '@shared/contract/publishing';
import { WORK_STATUS_TITLES } from '@shared/rules/publishing';
import type { Database } from '../../db/schema';
import type { AppDeps, WorkIndexes } from '../../deps';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import { iso } from '../accounts/clock';
import { THUMB_WIDTH } from '../works/work-cards';
import { lastDecisionReasons, statusOf } from './drafts';
import { ownWorkIds, toCount } from './guards';
import { worksChanged } from './publish-flow';
import { mapLimited, privateThumbUrl } from './work-files';
import { PUBLISHING_MSG } from './messages';

// The designer's own works (/user/mywork): lists by state with counts, and bulk actions.

type ListInput = CallRequest<typeof getMyCreations>;

const TAB_STATUS: Record<string, string | undefined> = {
  review: 'review',
  published: 'published',
  rejected: 'rejected',
  draft: 'draft',
  offline: 'offline',
};

function baseQuery(db: Kysely<Database>, userId: number, input: ListInput) {
  let q = db
    .selectFrom('works as w')
    .where('w.designer_id', '=', userId)
    .where('w.status', '!=', 'deleted');
  const keyword = input.keyword?.trim();
  if (keyword) {
    // A % or _ typed in a title search simply widens it: these are the designer's own works.
    q = q.where('w.title', 'like', `%${keyword}%`);
  }
  if (input.headerType !== undefined) q = q.where('w.header_type', '=', input.headerType);
  if (input.seriesId !== undefined) {
    q =
      input.seriesId === 0
        ? q.where('w.series_id', 'is', null)
        : q.where('w.series_id', '=', input.seriesId);
  }
  if (input.classifyId !== undefined) {
    const classifyId = input.classifyId;
    q =
      classifyId === 0
        ? q.where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('work_classifications as wc')
                  .select('wc.work_id')
                  .whereRef('wc.work_id', '=', 'w.id'),
              ),
            ),
          )
        : q.where((eb) =>
            eb.exists(
              eb
                .selectFrom('work_classifications as wc')
                .select('wc.work_id')
                .whereRef('wc.work_id', '=', 'w.id')
                .where('wc.classify_id', '=', classifyId),
            ),
          );
  }
  return q;
}

/** Thumbnails of works: public ones while they have them, else a signed one of their file. */
async function thumbsOf(deps: AppDeps, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const [publicThumbs, sources, originals] = await Promise.all([
    deps.db
      .selectFrom('work_images')
      .select(['work_id', 'storage_key'])
      .where('work_id', 'in', [...ids])
      .where('kind', '=', 'thumb')
      .where('format', '=', 'webp')
      .where('width', '=', THUMB_WIDTH)
      .execute(),
    deps.db
      .selectFrom('work_sources')
      .select(['work_id', 'file_key'])
      .where('work_id', 'in', [...ids])
      .execute(),
    deps.db
      .selectFrom('work_images')
      .select(['work_id', 'storage_key'])
      .where('work_id', 'in', [...ids])
      .where('kind', '=', 'original')
      .execute(),
  ]);
  const out = new Map<number, string>(
    publicThumbs.map((t) => [t.work_id, publicUrl(t.storage_key)]),
  );
  const privateKeys = new Map<number, string>();
  for (const o of originals) privateKeys.set(o.work_id, o.storage_key);
  for (const s of sources) privateKeys.set(s.work_id, s.file_key);
  const missing = ids.filter((id) => !out.has(id) && privateKeys.has(id));
  const urls = await mapLimited(missing, 4, (id) =>
    privateThumbUrl(deps, privateKeys.get(id) ?? ''),
  );
  missing.forEach((id, i) => out.set(id, urls[i] ?? ''));
  return out;
}

export async function myCreations(
  deps: AppDeps,
  userId: number,
  input: ListInput,
): Promise<CallResponse<typeof getMyCreations>> {
  const { db } = deps;
  const status = TAB_STATUS[input.tab ?? 'all'];
  const filtered = baseQuery(db, userId, input);
  const listQuery = status ? filtered.where('w.status', '=', status) : filtered;
  const pageSize = input.pageSize;
  const offset = (input.pageIndex - 1) * pageSize;
  const [countRows, total, rows] = await Promise.all([
    filtered
      .groupBy('w.status')
      .select((eb) => ['w.status', eb.fn.countAll<number>().as('n')])
      .execute(),
    listQuery.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    listQuery
      .leftJoin('categories as c', 'c.kid', 'w.category_kid')
      .leftJoin('series as s', 's.id', 'w.series_id')
      .leftJoin('work_sources as src', 'src.work_id', 'w.id')
      .selectAll('w')
      .select(['c.title as category_title', 's.title as series_title', 'src.category_chosen'])
      .orderBy('w.updated_at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
  ]);
  const counts: MyWorkCounts = {
    all: 0,
    review: 0,
    published: 0,
    rejected: 0,
    draft: 0,
    offline: 0,
  };
  for (const r of countRows) {
    const n = toCount(r.n);
    counts.all += n;
    if (r.status in counts) counts[r.status as keyof MyWorkCounts] += n;
  }
  const ids = rows.map((r) => r.id);
  const [thumbs, reasons, classify] = await Promise.all([
    thumbsOf(deps, ids),
    lastDecisionReasons(db, rows),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('work_classifications')
          .select(['work_id', 'classify_id'])
          .where('work_id', 'in', ids)
          .execute(),
  ]);
  const list: MyWorkItem[] = rows.map((r) => {
    const state = statusOf(r);
    const chosen = r.category_chosen === null || r.category_chosen === 1;
    return {
      id: r.id,
      title: r.title,
      status: state,
      statusTitle: WORK_STATUS_TITLES[state],
      thumbUrl: thumbs.get(r.id) ?? '',
      categoryKid: chosen ? r.category_kid : null,
      categoryTitle: chosen ? (r.category_title ?? '') : '',
      headerType: r.header_type,
      priceFen: r.price_fen,
      isSeamless: r.is_seamless === 1,
      seriesId: r.series_id,
      seriesTitle: r.series_title ?? '',
      classifyIds: classify.filter((c) => c.work_id === r.id).map((c) => c.classify_id),
      rejectReason: reasons.get(r.id) ?? '',
      viewCount: r.view_count,
      favouriteCount: r.favourite_count,
      saleCount: r.sale_count,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      publishedAt: r.published_at,
    };
  });
  return { list, total: toCount(total.n), counts };
}

/** Sets, adds or removes custom classifications of some works of the caller. */
export async function setWorksClassify(
  deps: AppDeps,
  userId: number,
  ids: readonly number[],
  classifyIds: readonly number[],
  mode: 'set' | 'add' | 'remove',
): Promise<number> {
  const { db } = deps;
  await ownWorkIds(db, userId, ids);
  if (classifyIds.length > 0) {
    const own = await db
      .selectFrom('custom_classifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', [...classifyIds])
      .execute();
    if (own.length !== classifyIds.length) throw AppError.rule(PUBLISHING_MSG.classifyMissing);
  }
  await db.transaction().execute(async (trx) => {
    if (mode === 'set') {
      await trx
        .deleteFrom('work_classifications')
        .where('work_id', 'in', [...ids])
        .execute();
    }
    if (mode === 'remove') {
      if (classifyIds.length > 0) {
        await trx
          .deleteFrom('work_classifications')
          .where('work_id', 'in', [...ids])
          .where('classify_id', 'in', [...classifyIds])
          .execute();
      }
      return;
    }
    const rows = ids.flatMap((work_id) =>
      classifyIds.map((classify_id) => ({ work_id, classify_id })),
    );
    if (rows.length > 0) {
      await trx
        .insertInto('work_classifications')
        .values(rows)
        .onConflict((oc) => oc.columns(['work_id', 'classify_id']).doNothing())
        .execute();
    }
  });
  return ids.length;
}

/** UpdateSourceMaterialPrice: the material licence price of the caller's material works. */
export async function updateMaterialPrice(
  deps: AppDeps & Pick<WorkIndexes, 'worksChanged'>,
  userId: number,
  ids: readonly number[],
  priceFen: number,
): Promise<number> {
  const { db } = deps;
  const works = await ownWorkIds(db, userId, ids);
  if (works.some((w) => w.header_type !== 4)) {
    throw AppError.rule(PUBLISHING_MSG.materialPriceOnly);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('works')
      .set({ price_fen: priceFen, updated_at: iso(deps.now()) })
      .where('id', 'in', [...ids])
      .execute();
    await trx
      .updateTable('work_licences')
      .set({ price_fen: priceFen })
      .where('work_id', 'in', [...ids])
      .where('kind', '=', 'material')
      .execute();
  });
  worksChanged(
    deps,
    works.filter((w) => w.status === 'published').map((w) => w.id),
  );
  return works.length;
}
