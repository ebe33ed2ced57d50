import type { FastifyError, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { WorkCard } from '@shared/contract/common';
import {
  IMAGE_SEARCH_BODY_LIMIT,
  IMAGE_SEARCH_RESULT_LIMIT,
  PURCHASE_CATALOGUE_ENTRY,
  VECTOR_SEARCH_MERGE_CATEGORY_KEY,
  aiImageSearch,
  getDictByKeys,
  patternRecognize,
  procurementCatalogDetail,
  searchImage,
  searchUrlImage,
} from '@shared/contract/image-search';
import type {
  ImageSearchHit,
  ImageSearchResult,
  MergeCategory,
  SearchImage,
  SearchImageFile,
  SearchRegion,
} from '@shared/contract/image-search';
import { MSG } from '@shared/messages';
import type { Database } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../http/app-error';
import { registerCall } from '../../../http/register-call';
import { serviceOf } from '../../../plugins/services';
import { publishedCardsQuery, toWorkCards } from '../../works/work-cards';
import type { ImageDescriptor } from './descriptors';
import type { QueryDescriptor } from './query-views';
import type { RankedHit } from './searcher';
import {
  acceptUpload,
  createImageWorkLimiter,
  createQueryCache,
  openSearchUrl,
  searchImageOf,
  storeSearchImage,
} from './search-images';
import type { StoredSearchImage } from './search-images';

/** Nearest works that vote for the recognised category and style. */
const RECOGNISE_NEIGHBOURS = 30;

type Ranked = { same: RankedHit[]; similar: RankedHit[] };

/** Category kids a filter covers: the kid and, for a top-level category, its children. */
async function categoryFilter(
  db: Kysely<Database>,
  kid: number | undefined,
): Promise<Set<number> | null> {
  if (kid === undefined) return null;
  const children = await db
    .selectFrom('categories')
    .select('kid')
    .where('parent_kid', '=', kid)
    .execute();
  return new Set([kid, ...children.map((c) => c.kid)]);
}

/** Drops hits that are no longer published (the index may lag a withdrawal by a moment). */
async function publishedOnly(db: Kysely<Database>, ranked: Ranked): Promise<RankedHit[]> {
  const all = [...ranked.same, ...ranked.similar];
  if (all.length === 0) return [];
  const live = await db
    .selectFrom('works')
    .select('id')
    .where(
      'id',
      'in',
      all.map((h) => h.id),
    )
    .where('status', '=', 'published')
    .execute();
  const ids = new Set(live.map((r) => r.id));
  return all.filter((h) => ids.has(h.id));
}

/** Cards of these hits, in their order. */
async function hitCards(
  db: Kysely<Database>,
  hits: readonly RankedHit[],
): Promise<ImageSearchHit[]> {
  if (hits.length === 0) return [];
  const rows = await publishedCardsQuery(db)
    .where(
      'w.id',
      'in',
      hits.map((h) => h.id),
    )
    .execute();
  const cards = new Map<number, WorkCard>((await toWorkCards(db, rows)).map((c) => [c.id, c]));
  return hits.flatMap((h) => {
    const card = cards.get(h.id);
    return card
      ? [{ ...card, score: Math.round(h.score * 10_000) / 10_000, match: h.match, exact: h.exact }]
      : [];
  });
}

export function registerImageSearchRoutes(app: FastifyInstance): void {
  const deps: AppDeps = app.deps;
  const { db } = deps;
  const index = serviceOf(app, 'imageIndex');

  const limit = createImageWorkLimiter();
  const queryDescriptor = createQueryCache();

  /** The image a call names: a new upload (stored for the session) or an earlier one by url. */
  async function resolveImage(input: {
    files?: SearchImageFile[];
    url?: string;
    region?: SearchRegion;
  }): Promise<{ query: SearchImage; descriptor: QueryDescriptor }> {
    return limit(async () => {
      let stored: StoredSearchImage;
      let bytes: Buffer;
      if (input.files && input.files.length > 0) {
        const upload = acceptUpload(input.files);
        const result = await storeSearchImage(deps, upload.name, upload.bytes);
        stored = result.stored;
        bytes = result.jpeg;
      } else if (input.url) {
        ({ stored, bytes } = await openSearchUrl(deps, input.url));
      } else {
        throw AppError.rule(MSG.imageSearch.noImage);
      }
      const descriptor = await queryDescriptor(stored.key, bytes, input.region);
      return { query: searchImageOf(deps, stored), descriptor };
    });
  }

  async function search(input: {
    files?: SearchImageFile[];
    url?: string;
    region?: SearchRegion;
    ignoreColor: boolean;
    kid?: number;
    pageIndex: number;
    pageSize: number;
  }): Promise<ImageSearchResult> {
    const { query, descriptor } = await resolveImage(input);
    const filter = await categoryFilter(db, input.kid);
    const ranked = index.search(descriptor, {
      ignoreColor: input.ignoreColor,
      filter,
      limit: IMAGE_SEARCH_RESULT_LIMIT,
    });
    const hits = await publishedOnly(db, ranked);
    const start = (input.pageIndex - 1) * input.pageSize;
    const page = await hitCards(db, hits.slice(start, start + input.pageSize));
    const { indexed, pending } = index.status();
    return {
      query,
      same: page.filter((h) => h.match === 'same'),
      similar: page.filter((h) => h.match === 'similar'),
      total: hits.length,
      sameTotal: hits.filter((h) => h.match === 'same').length,
      index: { indexed, pending },
    };
  }

  // The calls that carry an image get a larger body limit, and a body past it the §5 message.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = IMAGE_SEARCH_BODY_LIMIT;
    });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw AppError.rule(MSG.imageTooLarge);
      throw error;
    });

    registerCall(scope, searchImage, (input) => search(input));

    registerCall(scope, aiImageSearch, async (input) => {
      const result = await search(input);
      return {
        query: result.query,
        list: [...result.same, ...result.similar],
        total: result.total,
      };
    });

    registerCall(scope, patternRecognize, async (input) => {
      const { query, descriptor } = await resolveImage(input);
      const ranked = index.search(descriptor, { ignoreColor: false, limit: RECOGNISE_NEIGHBOURS });
      const neighbours = await publishedOnly(db, ranked);
      const rows =
        neighbours.length === 0
          ? []
          : await db
              .selectFrom('works as w')
              .innerJoin('categories as c', 'c.kid', 'w.category_kid')
              .select(['w.id', 'w.style', 'c.kid', 'c.title', 'c.parent_kid'])
              .where(
                'w.id',
                'in',
                neighbours.map((n) => n.id),
              )
              .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      // Closer works weigh more; a 同款 decides almost alone.
      const categories = new Map<
        number,
        { title: string; parentKid: number | null; weight: number }
      >();
      const styles = new Map<string, number>();
      let total = 0;
      neighbours.forEach((n, rank) => {
        const row = byId.get(n.id);
        if (!row) return;
        const weight = (n.match === 'same' ? 5 : 1) / (1 + rank / 5);
        total += weight;
        const entry = categories.get(row.kid) ?? {
          title: row.title,
          parentKid: row.parent_kid,
          weight: 0,
        };
        entry.weight += weight;
        categories.set(row.kid, entry);
        styles.set(row.style, (styles.get(row.style) ?? 0) + weight);
      });
      const ranking = [...categories.entries()]
        .map(([kid, c]) => ({
          kid,
          title: c.title,
          parentKid: c.parentKid,
          score: c.weight / total,
        }))
        .sort((a, b) => b.score - a.score || a.kid - b.kid)
        .slice(0, 3)
        .map((c) => ({ ...c, score: Math.round(c.score * 1000) / 1000 }));
      const [style, styleWeight] = [...styles.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      return {
        query,
        categories: ranking,
        palette: descriptor.palette,
        style: total > 0 && styleWeight / total >= 0.3 ? style : '',
      };
    });
  });

  registerCall(app, searchUrlImage, (input) => search(input));

  registerCall(app, procurementCatalogDetail, async (input) => {
    const [row] = await publishedCardsQuery(db).where('w.id', '=', input.id).execute();
    if (!row) throw AppError.notFound(MSG.imageSearch.workMissing);
    const [work] = await toWorkCards(db, [row]);
    if (!work) throw AppError.notFound(MSG.imageSearch.workMissing);
    if (!index.get(input.id)) await index.indexWork(input.id);
    const stored = index.get(input.id);
    if (!stored) return { work, palette: [], same: [], similar: [] };
    // Search with the work's whole view, as if it were uploaded, and leave the work itself out.
    const asQuery: ImageDescriptor = { ...stored, views: stored.views.slice(0, 1) };
    const ranked = index.search(asQuery, {
      ignoreColor: false,
      limit: input.pageSize * 2 + 1,
    });
    const others = (await publishedOnly(db, ranked)).filter((h) => h.id !== input.id);
    const same = others.filter((h) => h.match === 'same');
    const similar = others.filter((h) => h.match === 'similar').slice(0, input.pageSize);
    return {
      work,
      palette: stored.palette,
      same: await hitCards(db, same),
      similar: await hitCards(db, similar),
    };
  });

  registerCall(app, getDictByKeys, async (input) => {
    const stored = await db
      .selectFrom('platform_dicts')
      .select(['dict_key', 'value'])
      .where('dict_key', 'in', input.keys)
      .execute();
    const values = new Map(stored.map((r) => [r.dict_key, r.value]));
    const out: Record<string, unknown> = {};
    for (const key of input.keys) {
      const raw = values.get(key);
      let value: unknown = null;
      if (raw !== undefined) {
        try {
          value = JSON.parse(raw) as unknown;
        } catch {
          value = raw;
        }
      }
      if (key === VECTOR_SEARCH_MERGE_CATEGORY_KEY) value = await mergeCategories(db, value);
      out[key] = value;
    }
    return out;
  });
}

/**
 * The vector-search merge category: the stored list, or by default one entry per top-level
 * category covering its children; the purchase catalogue (id 11) is appended (§7 getByKeys).
 */
async function mergeCategories(db: Kysely<Database>, stored: unknown): Promise<MergeCategory[]> {
  let list: MergeCategory[];
  if (Array.isArray(stored)) {
    list = stored.filter(
      (e): e is MergeCategory =>
        typeof e === 'object' && e !== null && 'id' in e && 'name' in e && 'kids' in e,
    );
  } else {
    const rows = await db
      .selectFrom('categories')
      .select(['kid', 'parent_kid', 'title'])
      .orderBy('sort')
      .orderBy('kid')
      .execute();
    list = rows
      .filter((r) => r.parent_kid === null)
      .map((top) => ({
        id: top.kid,
        name: top.title,
        kids: [top.kid, ...rows.filter((r) => r.parent_kid === top.kid).map((r) => r.kid)],
      }));
  }
  if (!list.some((e) => e.id === PURCHASE_CATALOGUE_ENTRY.id)) list.push(PURCHASE_CATALOGUE_ENTRY);
  return list;
}
