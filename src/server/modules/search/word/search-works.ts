import type { Kysely } from 'kysely';
import type { CallRequest } from '@shared/contract/define';
import type { WorkCard } from '@shared/contract/common';
import type { WordSearchHit, getSearchCreationList } from '@shared/contract/word-search';
import type { Database } from '../../../db/schema';
import type { TtlCache } from '../../../platform/cache/ttl-cache';
import { publishedCardsQuery, toWorkCards } from '../../works/work-cards';
import { highlightParts } from './highlight';
import { normalizeSearchText } from './segmenter';
import type { UnderstoodQuery } from './query-understanding';
import type { SentenceFilters, WordIndex } from './word-index';

export type WordSearchInput = CallRequest<typeof getSearchCreationList>;
export type WordSearchResult = {
  list: WordSearchHit[];
  total: number;
  terms: string[];
  /** Words no work has, left out because the others found works. */
  ignored?: string[];
};

/** Cards of the works, from the cache where it has them and from the database for the rest. */
async function cardsOf(
  db: Kysely<Database>,
  ids: readonly number[],
  cache: TtlCache<WorkCard> | undefined,
): Promise<Map<number, WorkCard>> {
  const found = new Map<number, WorkCard>();
  const missing: number[] = [];
  for (const id of ids) {
    const card = cache?.get(String(id));
    if (card) found.set(id, card);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const rows = await publishedCardsQuery(db).where('w.id', 'in', missing).execute();
    for (const card of await toWorkCards(db, rows)) {
      found.set(card.id, card);
      cache?.set(String(card.id), card);
    }
  }
  return found;
}

/** The tags of a work that contain one of the searched words. */
function matchedTags(tags: readonly string[], terms: readonly string[]): string[] {
  return tags.filter((tag) => {
    const folded = normalizeSearchText(tag);
    return terms.some((t) => folded.includes(t));
  });
}

/**
 * Searches published works: every word of the keyword must match the start of an indexed word
 * (so 佩斯 finds 佩斯利); filters narrow; without a sort, results rank by where the words occur
 * (title 3, tag/designer 2, category/description 1), then by popularity.
 * The query comes understood (understandQuery): the route keys its cache by it, and AI search
 * loosens its parts and searches again.
 */
export async function searchUnderstood(
  db: Kysely<Database>,
  index: WordIndex,
  query: UnderstoodQuery,
  input: Omit<WordSearchInput, 'keyword'>,
  cards?: TtlCache<WorkCard>,
  sentence?: SentenceFilters,
): Promise<WordSearchResult> {
  // Highlights mark every term a work may have matched; the response names the words searched.
  const { terms } = query;
  const shown = query.shown;
  const ignored = query.ignored.length > 0 ? { ignored: query.ignored } : {};
  if (query.words.length === 0 && !sentence)
    return { list: [], total: 0, terms: shown, ...ignored };
  await index.ready();
  const pageSize = input.pageSize;
  const { ids, total } = index.search({
    words: [],
    groups: query.words.map((w) => w.group),
    boostColours: query.colours,
    ...(sentence ? { sentence } : {}),
    filters: input,
    sort: input.sort,
    offset: (input.pageIndex - 1) * pageSize,
    limit: pageSize,
  });
  if (ids.length === 0) return { list: [], total, terms: shown, ...ignored };

  const found = await cardsOf(db, ids, cards);
  const list = ids.flatMap((id): WordSearchHit[] => {
    const card = found.get(id);
    return card
      ? [
          {
            ...card,
            titleParts: highlightParts(card.title, terms),
            matchedTags: matchedTags(card.tags, terms),
          },
        ]
      : [];
  });
  return { list, total, terms: shown, ...ignored };
}
