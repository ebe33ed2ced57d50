import type { DuplicateHit } from '@shared/contract/admin';
import type { AppDeps, WorkIndexes } from '../../deps';
import { publicUrl } from '../../platform/storage/storage';
import { findSameWorks, updateImageSearchIndex as updateEngineIndex } from '../search/image/index';
import { THUMB_WIDTH } from '../works/work-cards';
import { privateThumbUrl } from './work-files';

// Before a work enters review it is checked for copies: another designer's work, or one of the same
// designer's works that was sold with an exclusive licence. The reviewer sees each hit beside the original.

export type DuplicateQuery = {
  workId: number;
  designerId: number;
  /** sha256 of the uploaded file, when the work was made from an upload. */
  sha256: string | null;
  /** The picture itself, for the image-search engine. */
  image: Buffer;
};

/** Statuses of works a new work must not copy (a deleted or unfinished draft is nobody's yet). */
const GUARDED_STATUSES = ['published', 'review', 'offline'];

/** A candidate from the image-search engine: a work id, a similarity in 0–1, and whether it is the very same picture. */
export type EngineCandidate = { workId: number; score: number; exact?: boolean };

/**
 * The image-search engine's same-work search over published works (recoloured, turned, offset,
 * rescaled or recompressed copies; colour ignored).
 */
export async function engineNearDuplicates(
  deps: Pick<WorkIndexes, 'imageIndex'>,
  image: Buffer,
  excludeWorkId: number,
): Promise<EngineCandidate[]> {
  return findSameWorks(deps.imageIndex, image, excludeWorkId);
}

/** Tells the image-search engine that a work was published (added) or withdrawn (dropped). */
export async function updateImageSearchIndex(
  deps: Pick<WorkIndexes, 'imageIndex'>,
  workId: number,
  published: boolean,
): Promise<void> {
  await updateEngineIndex(deps.imageIndex, workId, published);
}

/** Works with the same bytes uploaded by anyone (exact copies), as candidates with score 1. */
async function exactCopies(deps: AppDeps, query: DuplicateQuery): Promise<EngineCandidate[]> {
  if (!query.sha256) return [];
  const rows = await deps.db
    .selectFrom('uploads as up')
    .innerJoin('work_sources as s', 's.file_key', 'up.file_key')
    .select('s.work_id')
    .where('up.sha256', '=', query.sha256)
    .where('s.work_id', '!=', query.workId)
    .execute();
  return rows.map((r) => ({ workId: r.work_id, score: 1 }));
}

/**
 * Near-duplicates of a work about to enter review: exact copies (same bytes) and, through the
 * image-search engine, similar pictures; kept when they belong to another designer, or to the same
 * designer and were sold with an exclusive licence.
 */
export async function findNearDuplicates(
  deps: AppDeps & Pick<WorkIndexes, 'imageIndex'>,
  query: DuplicateQuery,
): Promise<StoredDuplicateHit[]> {
  const exact = await exactCopies(deps, query);
  const similar = await engineNearDuplicates(deps, query.image, query.workId);
  const best = new Map<number, { score: number; match: 'exact' | 'similar' }>();
  for (const c of exact) best.set(c.workId, { score: 1, match: 'exact' });
  for (const c of similar) {
    if (!best.has(c.workId)) {
      best.set(c.workId, { score: c.exact ? 1 : c.score, match: c.exact ? 'exact' : 'similar' });
    }
  }
  if (best.size === 0) return [];
  const ids = [...best.keys()];
  const { db } = deps;
  const [works, exclusive] = await Promise.all([
    db
      .selectFrom('works as w')
      .innerJoin('users as u', 'u.id', 'w.designer_id')
      .select(['w.id', 'w.title', 'w.designer_id', 'w.status', 'u.user_name'])
      .where('w.id', 'in', ids)
      .where('w.status', 'in', GUARDED_STATUSES)
      .execute(),
    db
      .selectFrom('sale_records')
      .select('work_id')
      .where('work_id', 'in', ids)
      .where('licence_kind', '=', 'category_exclusive')
      .execute(),
  ]);
  const soldExclusive = new Set(exclusive.map((e) => e.work_id));
  const hits: StoredDuplicateHit[] = [];
  for (const w of works) {
    const own = w.designer_id === query.designerId;
    if (own && !soldExclusive.has(w.id)) continue;
    const found = best.get(w.id);
    if (!found) continue;
    hits.push({
      workId: w.id,
      title: w.title,
      designerId: w.designer_id,
      designerName: w.user_name,
      status: w.status,
      score: found.score,
      reason: own ? 'own_exclusive' : 'other_designer',
      match: found.match,
    });
  }
  return hits.sort((a, b) => b.score - a.score || a.workId - b.workId);
}

/** A hit as the review record keeps it: thumbnails are signed when shown, so they are not stored. */
export type StoredDuplicateHit = Omit<DuplicateHit, 'thumbUrl'>;

/** Adds each hit's thumbnail: the public one once published, else a signed one of its upload. */
export async function withHitThumbs(
  deps: AppDeps,
  hits: readonly StoredDuplicateHit[],
): Promise<DuplicateHit[]> {
  if (hits.length === 0) return [];
  const ids = hits.map((h) => h.workId);
  const [thumbs, sources] = await Promise.all([
    deps.db
      .selectFrom('work_images')
      .select(['work_id', 'storage_key'])
      .where('work_id', 'in', ids)
      .where('kind', '=', 'thumb')
      .where('format', '=', 'webp')
      .where('width', '=', THUMB_WIDTH)
      .execute(),
    deps.db
      .selectFrom('work_sources')
      .select(['work_id', 'file_key'])
      .where('work_id', 'in', ids)
      .execute(),
  ]);
  const thumbOf = new Map(thumbs.map((t) => [t.work_id, t.storage_key]));
  const sourceOf = new Map(sources.map((s) => [s.work_id, s.file_key]));
  const out: DuplicateHit[] = [];
  for (const hit of hits) {
    const thumbKey = thumbOf.get(hit.workId);
    const sourceKey = sourceOf.get(hit.workId);
    const thumbUrl = thumbKey
      ? publicUrl(thumbKey)
      : sourceKey
        ? await privateThumbUrl(deps, sourceKey)
        : '';
    out.push({ ...hit, thumbUrl });
  }
  return out;
}
