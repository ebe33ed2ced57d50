import type { Kysely } from 'kysely';
import { HEADER_TYPE } from '@shared/constants';
import type { HotTag } from '@shared/contract/word-search';
import type { CategoryNode } from '@shared/contract/works';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import type { Database } from '../../db/schema';
import { licenceOptionsFor } from '../works/licence-options';
import { cleanTags, isString, parseJsonArray } from './guards';
import { PUBLISHING_MSG } from './messages';

// What the publish form offers: the category tree, styles, listing kinds with their licences and
// default prices, and tag suggestions.

/** Default prices a new work is offered at: ¥199 category exclusive, ¥29 material. */
export const DEFAULT_PRICE_FEN = { categoryExclusive: 19_900, material: 2_900 } as const;

export async function categoryTree(db: Kysely<Database>): Promise<CategoryNode[]> {
  const rows = await db
    .selectFrom('categories')
    .selectAll()
    .orderBy('sort')
    .orderBy('kid')
    .execute();
  const nodes = new Map<number, CategoryNode>(
    rows.map((r) => [
      r.kid,
      { kid: r.kid, title: r.title, keys3: r.keys3, keys4: r.keys4, children: [] },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.kid);
    if (!node) continue;
    const parent = r.parent_kid === null ? undefined : nodes.get(r.parent_kid);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export const styleOptions = () =>
  Object.entries(WORK_STYLE_TITLES).map(([key, title]) => ({ key, title }));

export function headerTypeOptions() {
  const kinds = [
    {
      value: HEADER_TYPE.categoryExclusive,
      ...PUBLISHING_MSG.headerTypes.categoryExclusive,
      defaultPriceFen: DEFAULT_PRICE_FEN.categoryExclusive,
    },
    {
      value: HEADER_TYPE.materials,
      ...PUBLISHING_MSG.headerTypes.materials,
      defaultPriceFen: DEFAULT_PRICE_FEN.material,
    },
  ];
  return kinds.map((k) => ({ ...k, licences: licenceOptionsFor(k.value, k.defaultPriceFen) }));
}

/** Tagboxs: hot tags, the designer's own tags, styles and categories that start with (or contain) the input. */
export async function suggestTags(
  db: Kysely<Database>,
  userId: number,
  hotTags: () => Promise<HotTag[]>,
  keyword: string,
  limit: number,
): Promise<string[]> {
  const [hot, own, categories] = await Promise.all([
    hotTags(),
    db
      .selectFrom('works')
      .select('tags')
      .where('designer_id', '=', userId)
      .where('status', '!=', 'deleted')
      .orderBy('updated_at', 'desc')
      .limit(200)
      .execute(),
    db.selectFrom('categories').select('title').execute(),
  ]);
  const pool = cleanTags([
    ...own.flatMap((w) => parseJsonArray(w.tags, isString)),
    ...hot.map((h) => h.tag),
    ...Object.values(WORK_STYLE_TITLES),
    ...categories.map((c) => c.title),
  ]);
  const k = keyword.trim().toLowerCase();
  if (k === '') return hot.map((h) => h.tag).slice(0, limit);
  const starts = pool.filter((t) => t.toLowerCase().startsWith(k));
  const contains = pool.filter(
    (t) => !t.toLowerCase().startsWith(k) && t.toLowerCase().includes(k),
  );
  return [...starts, ...contains].slice(0, limit);
}
