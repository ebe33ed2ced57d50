import { Value } from '@sinclair/typebox/value';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { TSchema } from '@sinclair/typebox';
import {
  BannerBlockInput,
  DesignersBlockInput,
  TOPIC_BLOCK_TYPES,
  TOPIC_LIMITS,
  TextBlockInput,
  VideoBlockInput,
  WorksBlockInput,
} from '@shared/contract/topics';
import type {
  TopicBlockInput,
  TopicBlockType,
  TopicBlockView,
  WorkGridQuery,
} from '@shared/contract/topics';
import type { AppDeps } from '../../deps';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { publicUrl } from '../../platform/storage/storage';
import { renderAgreementHtml } from '../agreements/render-markdown';
import { designerProfiles } from '../designers/designer-profiles';
import {
  applyWorkFilters,
  cardsByIds,
  orderWorks,
  topThumbsByDesigner,
} from '../works/catalogue-queries';
import { publishedCardsQuery, toWorkCards } from '../works/work-cards';
import { TOPIC_MSG } from './messages';
import { isAllowedLink, isAllowedVideo } from '@shared/rules/editorial-links';
import { publishEditorialImage } from './public-image';

// A topic's blocks: checked one by one against the contract's union (each refusal names the block
// by its number), then resolved for readers against the live catalogue (docs/topics.md).

const SHAPES: Record<TopicBlockType, TSchema> = {
  banner: BannerBlockInput,
  text: TextBlockInput,
  works: WorksBlockInput,
  designers: DesignersBlockInput,
  video: VideoBlockInput,
};

const chars = (s: string): number => [...s].length;
const unique = (ids: readonly number[]): number[] => [...new Set(ids)];
const isType = (t: unknown): t is TopicBlockType =>
  typeof t === 'string' && (TOPIC_BLOCK_TYPES as readonly string[]).includes(t);

/** A LIKE pattern matching `text` literally inside a value (escape character \). */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published cards narrowed by a work grid's query (category with children, tag, words, seamless). */
async function queryCards(db: Kysely<Database>, query: WorkGridQuery) {
  let q = await applyWorkFilters(db, publishedCardsQuery(db), {
    ...(query.kid !== undefined ? { kid: query.kid } : {}),
    ...(query.seamless !== undefined ? { seamless: query.seamless } : {}),
  });
  if (query.tag) {
    const pattern = containing(JSON.stringify(query.tag));
    q = q.where(sql<boolean>`${sql.ref('w.tags')} like ${pattern} escape '\\'`);
  }
  if (query.keyword) {
    const pattern = containing(query.keyword);
    q = q.where(
      sql<boolean>`(${sql.ref('w.title')} like ${pattern} escape '\\' or ${sql.ref('w.tags')} like ${pattern} escape '\\')`,
    );
  }
  return q;
}

/** Which of `ids` are published works. */
async function publishedWorkIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('works')
    .select('id')
    .where('id', 'in', [...ids])
    .where('status', '=', 'published')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of `ids` are settled designers (the ones with a public page). */
async function settledDesignerIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .where('settle_status', '=', 1)
    .where('designer_status', '!=', 0)
    .execute();
  return new Set(rows.map((r) => r.id));
}

type CheckDeps = Pick<AppDeps, 'db' | 'storage'>;

async function checkBlock(
  deps: CheckDeps,
  adminId: number,
  raw: unknown,
  index: number,
): Promise<TopicBlockInput> {
  const type: unknown =
    raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;
  if (!isType(type))
    throw AppError.rule(TOPIC_MSG.unknownType(index, typeof type === 'string' ? type : ''));
  const loose = raw as Record<string, unknown>;
  if (typeof loose.title === 'string' && chars(loose.title.trim()) > TOPIC_LIMITS.blockTitleMax) {
    throw AppError.rule(TOPIC_MSG.blockTitleTooLong(index, type, TOPIC_LIMITS.blockTitleMax));
  }
  if (type === 'text' && typeof loose.markdown === 'string') {
    if (chars(loose.markdown) > TOPIC_LIMITS.markdownMax) {
      throw AppError.rule(TOPIC_MSG.markdownTooLong(index, TOPIC_LIMITS.markdownMax));
    }
  }
  if (!Value.Check(SHAPES[type], raw)) throw AppError.rule(TOPIC_MSG.badShape(index, type));
  const block = raw as TopicBlockInput;
  const where = TOPIC_MSG.blockWhere(index, type);
  switch (block.type) {
    case 'banner': {
      const title = block.title.trim();
      if (title === '') throw AppError.rule(TOPIC_MSG.bannerTitleRequired(index));
      if (block.imageKey === '') throw AppError.rule(TOPIC_MSG.imageRequired(index));
      const link = block.link.trim();
      if (!isAllowedLink(link)) throw AppError.rule(TOPIC_MSG.badLink(index, type));
      const imageKey = await publishEditorialImage(deps, adminId, block.imageKey, 'topics', where);
      return { type: block.type, title, imageKey, link };
    }
    case 'text': {
      const markdown = block.markdown.replace(/\r\n?/g, '\n').trim();
      if (markdown === '') throw AppError.rule(TOPIC_MSG.markdownRequired(index));
      return { type: block.type, markdown };
    }
    case 'works': {
      const title = block.title.trim();
      if (block.source === 'list') {
        const workIds = unique(block.workIds);
        if (workIds.length === 0) throw AppError.rule(TOPIC_MSG.noWorkIds(index));
        const found = await publishedWorkIds(deps.db, workIds);
        const missing = workIds.filter((id) => !found.has(id));
        if (missing.length > 0) throw AppError.rule(TOPIC_MSG.unknownWorks(index, missing));
        return {
          type: block.type,
          title,
          source: 'list',
          query: { sort: block.query.sort },
          workIds,
          limit: block.limit,
        };
      }
      const query: WorkGridQuery = { sort: block.query.sort };
      if (block.query.kid !== undefined) {
        const category = await deps.db
          .selectFrom('categories')
          .select('kid')
          .where('kid', '=', block.query.kid)
          .executeTakeFirst();
        if (!category) throw AppError.rule(TOPIC_MSG.unknownCategory(index, block.query.kid));
        query.kid = block.query.kid;
      }
      const tag = block.query.tag?.trim();
      if (tag) query.tag = tag;
      const keyword = block.query.keyword?.trim();
      if (keyword) query.keyword = keyword;
      if (block.query.seamless !== undefined) query.seamless = block.query.seamless;
      const any = await (await queryCards(deps.db, query)).select('w.id as hit').limit(1).execute();
      if (any.length === 0) throw AppError.rule(TOPIC_MSG.emptyQuery(index));
      return { type: block.type, title, source: 'query', query, workIds: [], limit: block.limit };
    }
    case 'designers': {
      const designerIds = unique(block.designerIds);
      if (designerIds.length === 0) throw AppError.rule(TOPIC_MSG.noDesigners(index));
      const found = await settledDesignerIds(deps.db, designerIds);
      const missing = designerIds.filter((id) => !found.has(id));
      if (missing.length > 0) throw AppError.rule(TOPIC_MSG.unknownDesigners(index, missing));
      return { type: block.type, title: block.title.trim(), designerIds };
    }
    case 'video': {
      const src = block.src.trim();
      if (!isAllowedVideo(src)) throw AppError.rule(TOPIC_MSG.badVideo(index));
      const posterKey =
        block.posterKey === ''
          ? ''
          : await publishEditorialImage(deps, adminId, block.posterKey, 'topics', where);
      return { type: block.type, title: block.title.trim(), src, posterKey };
    }
  }
}

/** Checks every block in order (the first refusal is reported) and returns them normalised. */
export async function checkBlocks(
  deps: CheckDeps,
  adminId: number,
  raw: readonly unknown[],
): Promise<TopicBlockInput[]> {
  if (raw.length === 0) throw AppError.rule(TOPIC_MSG.noBlocks);
  if (raw.length > TOPIC_LIMITS.blocksMax) {
    throw AppError.rule(TOPIC_MSG.tooManyBlocks(TOPIC_LIMITS.blocksMax));
  }
  const blocks: TopicBlockInput[] = [];
  for (const [index, block] of raw.entries())
    blocks.push(await checkBlock(deps, adminId, block, index));
  return blocks;
}

/** Blocks as stored, read back; anything that no longer fits the union is left out. */
export function parseBlocks(json: string | null): TopicBlockInput[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (b): b is TopicBlockInput =>
      isType((b as { type?: unknown })?.type) &&
      Value.Check(SHAPES[(b as TopicBlockInput).type], b),
  );
}

/** What readers see of the blocks, against the catalogue as it is now (unpublished works drop out). */
export async function resolveBlocks(
  db: Kysely<Database>,
  blocks: readonly TopicBlockInput[],
  viewerId: number | null,
): Promise<TopicBlockView[]> {
  return Promise.all(
    blocks.map(async (block): Promise<TopicBlockView> => {
      switch (block.type) {
        case 'banner':
          return {
            type: 'banner',
            title: block.title,
            imageUrl: publicUrl(block.imageKey),
            link: block.link,
          };
        case 'text':
          return { type: 'text', html: renderAgreementHtml(block.markdown) };
        case 'works': {
          if (block.source === 'list') {
            return {
              type: 'works',
              title: block.title,
              works: await cardsByIds(db, block.workIds),
            };
          }
          const rows = await orderWorks(await queryCards(db, block.query), block.query.sort)
            .limit(block.limit)
            .execute();
          return { type: 'works', title: block.title, works: await toWorkCards(db, rows) };
        }
        case 'designers': {
          const [profiles, covers] = await Promise.all([
            designerProfiles(db, block.designerIds, viewerId),
            topThumbsByDesigner(db, block.designerIds),
          ]);
          return {
            type: 'designers',
            title: block.title,
            designers: block.designerIds.flatMap((id) => {
              const profile = profiles.get(id);
              return profile && profile.settleStatus === 1
                ? [{ ...profile, covers: covers.get(id) ?? [] }]
                : [];
            }),
          };
        }
        case 'video':
          return {
            type: 'video',
            title: block.title,
            src: block.src,
            posterUrl: block.posterKey ? publicUrl(block.posterKey) : '',
          };
      }
    }),
  );
}
