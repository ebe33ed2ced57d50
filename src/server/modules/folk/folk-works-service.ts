import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type {
  FolkCollection,
  FolkTag,
  FolkWorkCard,
  FolkWorkDetail,
  FolkWorkPage,
} from '@shared/contract/folk';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { queryTerms, segmentWords } from '../search/word/segmenter';
import { FOLK_COLLECTIONS } from './folk-vocabulary';
import { FOLK_MSG } from './messages';

// The folk base's works (issue 14): landing page, tags, search by words (the word-search
// segmenter over folk_work_terms), tag, people and craft, details and likes. Folk works live in
// their own tables, so nothing here can reach the general catalogue and the catalogue never shows
// them (docs/folk.md). Images are private and served by signed links that expire in an hour.

type Deps = Pick<AppDeps, 'db' | 'storage' | 'now'>;

/** Signed image links last this long; a page open longer reloads its data. */
const IMAGE_TTL_SECONDS = 3600;
const NEWEST_ON_INDEX = 12;

type CardRow = {
  id: number;
  title: string;
  people: string;
  craft: string;
  origin: string;
  thumb_key: string;
  like_count: number;
  published_at: string;
};

const CARD_COLUMNS = [
  'w.id',
  'w.title',
  'w.people',
  'w.craft',
  'w.origin',
  'w.thumb_key',
  'w.like_count',
  'w.published_at',
] as const;

export function toCard(deps: Pick<AppDeps, 'storage'>, r: CardRow): FolkWorkCard {
  return {
    id: r.id,
    title: r.title,
    people: r.people,
    craft: r.craft,
    origin: r.origin,
    thumb: deps.storage.signedUrl(r.thumb_key, IMAGE_TTL_SECONDS),
    likeCount: Number(r.like_count),
    publishedAt: r.published_at,
  };
}

/** Folk cards of these ids, in the order given (unknown ids dropped). */
export async function cardsByIds(deps: Deps, ids: readonly number[]): Promise<FolkWorkCard[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .selectFrom('folk_works as w')
    .select(CARD_COLUMNS)
    .where('w.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(deps, row)] : [];
  });
}

/** Every tag, in its order. */
export async function tagList(db: Kysely<Database>): Promise<FolkTag[]> {
  return db.selectFrom('folk_tags').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

/** Tags with how many works carry each. */
export async function tagCounts(db: Kysely<Database>): Promise<(FolkTag & { count: number })[]> {
  const rows = await db
    .selectFrom('folk_tags as t')
    .leftJoin('folk_work_tags as wt', 'wt.tag_id', 't.id')
    .select(['t.id', 't.name', 't.sort'])
    .select((eb) => eb.fn.count<number>('wt.work_id').as('count'))
    .groupBy(['t.id', 't.name', 't.sort'])
    .orderBy('t.sort')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
}

/** GetIndex: the featured collections by people and craft, the tags and the newest works. */
export async function folkIndex(deps: Deps): Promise<{
  collections: FolkCollection[];
  tags: FolkTag[];
  newest: FolkWorkCard[];
  total: number;
}> {
  const counts = await deps.db
    .selectFrom('folk_works')
    .select(['craft'])
    .select((eb) => eb.fn.count<number>('id').as('count'))
    .select((eb) => eb.fn.max('id').as('cover_id'))
    .groupBy('craft')
    .execute();
  const covers = await deps.db
    .selectFrom('folk_works')
    .select(['id', 'thumb_key'])
    .where('id', 'in', counts.length > 0 ? counts.map((c) => Number(c.cover_id)) : [0])
    .execute();
  const coverKey = new Map(covers.map((c) => [c.id, c.thumb_key]));
  const collections = FOLK_COLLECTIONS.flatMap((c) => {
    const row = counts.find((x) => x.craft === c.craft);
    const key = row ? coverKey.get(Number(row.cover_id)) : undefined;
    return row && key
      ? [
          {
            ...c,
            count: Number(row.count),
            cover: deps.storage.signedUrl(key, IMAGE_TTL_SECONDS),
          },
        ]
      : [];
  });
  const newest = await deps.db
    .selectFrom('folk_works as w')
    .select(CARD_COLUMNS)
    .orderBy('w.published_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(NEWEST_ON_INDEX)
    .execute();
  return {
    collections,
    tags: await tagList(deps.db),
    newest: newest.map((r) => toCard(deps, r)),
    total: counts.reduce((sum, c) => sum + Number(c.count), 0),
  };
}

export type FolkListInput = {
  keyword: string;
  tagId?: number | undefined;
  people: string;
  craft: string;
  pageIndex: number;
  pageSize: number;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GetList: every query word must start a term of the work; tag, people and craft narrow it. */
export async function folkList(deps: Deps, input: FolkListInput): Promise<FolkWorkPage> {
  const words = queryTerms(input.keyword);
  let query = deps.db.selectFrom('folk_works as w');
  for (const word of words) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('folk_work_terms as t')
          .select('t.work_id')
          .whereRef('t.work_id', '=', 'w.id')
          .where(sql<boolean>`t.term like ${`${escapeLike(word)}%`} escape '\\'`),
      ),
    );
  }
  if (input.tagId !== undefined) {
    const tagId = input.tagId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('folk_work_tags as wt')
          .select('wt.work_id')
          .whereRef('wt.work_id', '=', 'w.id')
          .where('wt.tag_id', '=', tagId),
      ),
    );
  }
  if (input.people.trim()) query = query.where('w.people', '=', input.people.trim());
  if (input.craft.trim()) query = query.where('w.craft', '=', input.craft.trim());
  const total = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .select(CARD_COLUMNS)
    .orderBy('w.published_at', 'desc')
    .orderBy('w.id', 'desc')
    .offset((input.pageIndex - 1) * input.pageSize)
    .limit(input.pageSize)
    .execute();
  return { list: rows.map((r) => toCard(deps, r)), total: Number(total.n) };
}

/** GetDetails: the work, its cultural note, the zoomable watermarked preview and my like. */
export async function folkDetails(deps: Deps, userId: number, id: number): Promise<FolkWorkDetail> {
  const row = await deps.db
    .selectFrom('folk_works as w')
    .innerJoin('users as u', 'u.id', 'w.designer_id')
    .select(CARD_COLUMNS)
    .select([
      'w.motif_meaning',
      'w.inheritor',
      'w.note',
      'w.zoom_key',
      'w.width',
      'w.height',
      'u.user_name',
    ])
    .where('w.id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(FOLK_MSG.workNotFound);
  const tags = await deps.db
    .selectFrom('folk_work_tags as wt')
    .innerJoin('folk_tags as t', 't.id', 'wt.tag_id')
    .select(['t.id', 't.name'])
    .where('wt.work_id', '=', id)
    .orderBy('t.sort')
    .execute();
  const liked = await deps.db
    .selectFrom('folk_likes')
    .select('work_id')
    .where('work_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    ...toCard(deps, row),
    motifMeaning: row.motif_meaning,
    inheritor: row.inheritor,
    note: row.note,
    designerName: row.user_name,
    zoom: deps.storage.signedUrl(row.zoom_key, IMAGE_TTL_SECONDS),
    width: row.width,
    height: row.height,
    tags,
    liked: liked !== undefined,
  };
}

/**
 * Likes: one (work, user) row at most (the primary key) and the count changed in the same
 * transaction only when a row was really added or removed, so it stays exact under any races.
 */
export async function setLike(
  deps: Deps,
  userId: number,
  input: { id: number; like: boolean },
): Promise<{ liked: boolean; likeCount: number }> {
  const exists = await deps.db
    .selectFrom('folk_works')
    .select('id')
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!exists) throw AppError.notFound(FOLK_MSG.workNotFound);
  return deps.db.transaction().execute(async (trx) => {
    if (input.like) {
      const added = await trx
        .insertInto('folk_likes')
        .values({
          work_id: input.id,
          user_id: userId,
          created_at: new Date(deps.now()).toISOString(),
        })
        .onConflict((oc) => oc.columns(['work_id', 'user_id']).doNothing())
        .returning('work_id')
        .executeTakeFirst();
      if (added !== undefined) {
        await trx
          .updateTable('folk_works')
          .set((eb) => ({ like_count: eb('like_count', '+', 1) }))
          .where('id', '=', input.id)
          .execute();
      }
    } else {
      const removed = await trx
        .deleteFrom('folk_likes')
        .where('work_id', '=', input.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) {
        await trx
          .updateTable('folk_works')
          .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
          .where('id', '=', input.id)
          .execute();
      }
    }
    const row = await trx
      .selectFrom('folk_works')
      .select('like_count')
      .where('id', '=', input.id)
      .executeTakeFirstOrThrow();
    return { liked: input.like, likeCount: Number(row.like_count) };
  });
}

/** Writes a folk work's search terms (its title, people, craft, origin, tags and note). */
export async function indexFolkWorkTerms(
  db: Kysely<Database>,
  workId: number,
  texts: readonly string[],
): Promise<void> {
  const terms = new Set<string>();
  for (const text of texts) for (const word of segmentWords(text, 'index')) terms.add(word);
  await db.deleteFrom('folk_work_terms').where('work_id', '=', workId).execute();
  if (terms.size === 0) return;
  await db
    .insertInto('folk_work_terms')
    .values([...terms].map((term) => ({ work_id: workId, term })))
    .execute();
}
