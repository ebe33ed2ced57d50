import type { Kysely } from 'kysely';
import type { AiWordHits, WordSearchHit } from '@shared/contract/word-search';
import { SEARCH_PAGE_SIZE_MAX } from '@shared/contract/word-search';
import type { WorkCard } from '@shared/contract/common';
import type { Database } from '../../../db/schema';
import type { TtlCache } from '../../../platform/cache/ttl-cache';
import { understandSentence } from './ai-sentence';
import type { SentencePart } from './ai-sentence';
import { WORD_SEARCH_MSG } from './messages';
import { searchUnderstood } from './search-works';
import type { WordIndex } from './word-index';

// AI search's words (§2 /ai-search): a sentence's colour and style become filters, its uses
// (适合童装) and other words must match, and words with no meaning (适合, 一些, 的) are dropped. When
// that leaves fewer works than a page, the conditions are loosened in a stated order (the other
// use, then the other words, then the style, then the colour) until some more works are found; they are
// added after the exact ones, with a line saying what was loosened.

export type AiSearchDeps = {
  db: Kysely<Database>;
  index: WordIndex;
  cards?: TtlCache<WorkCard>;
};

/** The order conditions are loosened in: the first kind listed goes first. */
export const LOOSEN_ORDER: readonly SentencePart['kind'][] = ['use', 'word', 'style', 'colour'];

const PAGE = { pageIndex: 1, pageSize: SEARCH_PAGE_SIZE_MAX } as const;

export async function findAiWordHits(deps: AiSearchDeps, sentence: string): Promise<AiWordHits> {
  const { db, index, cards } = deps;
  await index.ready();
  const categories = await db.selectFrom('categories').select(['kid', 'title']).execute();
  const understood = understandSentence(sentence, index, categories);
  const { parts, query } = understood;
  if (parts.length === 0) {
    return {
      list: [],
      total: 0,
      terms: [],
      relaxed: false,
      understood: [],
      loosened: [],
      notice: '',
    };
  }

  /** Searches with the parts of the kinds in `loosened` no longer required. */
  const searchWith = (loosened: ReadonlySet<SentencePart['kind']>) => {
    const kept = (kind: SentencePart['kind']) => !loosened.has(kind);
    const words = parts.flatMap((part) => {
      if (part.kind === 'colour') return [];
      // Filtered by style while the style holds; its words still rank once it is loosened.
      if (part.kind === 'style' && kept('style')) return [];
      const optional = !kept(part.kind) || part.word.group.optional === true;
      return [{ ...part.word, group: { ...part.word.group, optional } }];
    });
    const styles = kept('style') ? parts.flatMap((p) => (p.kind === 'style' ? p.styles : [])) : [];
    const colours = kept('colour')
      ? parts.flatMap((p) => (p.kind === 'colour' && p.word.colour ? [p.word.colour] : []))
      : [];
    return searchUnderstood(db, index, { ...query, words }, PAGE, cards, {
      ...(styles.length > 0 ? { styles } : {}),
      ...(colours.length > 0 ? { colours } : {}),
    });
  };

  const exact = await searchWith(new Set());
  const list: WordSearchHit[] = [...exact.list];
  const seen = new Set(list.map((w) => w.id));
  let loosened: string[] = [];
  const dropped = new Set<SentencePart['kind']>();
  for (const kind of LOOSEN_ORDER) {
    if (list.length >= SEARCH_PAGE_SIZE_MAX) break;
    // A filter always narrows; words narrow only when some of them were required.
    const narrows = parts.some(
      (p) =>
        p.kind === kind &&
        (kind === 'style' || kind === 'colour' || p.word.group.optional !== true),
    );
    if (!narrows) continue;
    dropped.add(kind);
    const more = await searchWith(dropped);
    const added = more.list.filter((w) => !seen.has(w.id));
    if (added.length === 0) continue;
    for (const work of added.slice(0, SEARCH_PAGE_SIZE_MAX - list.length)) {
      list.push(work);
      seen.add(work.id);
    }
    // Said in the order they were loosened.
    loosened = LOOSEN_ORDER.filter((k) => dropped.has(k)).flatMap((k) =>
      parts.filter((p) => p.kind === k && p.label).map((p) => p.label),
    );
    // Loosen no more than it took to find works: what the notice says holds for all of them.
    break;
  }
  const notice =
    loosened.length === 0
      ? ''
      : exact.total === 0
        ? WORD_SEARCH_MSG.loosenedAll(loosened)
        : WORD_SEARCH_MSG.loosenedAfter(exact.total, loosened);
  return {
    list,
    total: exact.total,
    terms: query.shown,
    relaxed: loosened.length > 0,
    understood: understood.labels,
    loosened,
    notice,
  };
}
