import type { AiWordHits, WordSearchHit } from '@shared/contract/word-search';
import { SEARCH_PAGE_SIZE_MAX } from '@shared/contract/word-search';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import { understandSentence } from './ai-sentence';
import type { WordSearchInput, WordSearchResult } from './search-works';

// AI search's words (§2 /ai-search): one call that runs the word searches a sentence needs and
// ranks their results, instead of the browser asking for each word in turn.

/** One word search: the first page of up to 100 results (the route's cached `searchWorks`). */
export type SearchWords = (input: WordSearchInput) => Promise<WordSearchResult>;

type WordQuery = Omit<WordSearchInput, 'pageIndex' | 'pageSize'>;

const firstPage = (search: SearchWords, query: WordQuery) =>
  search({ ...query, pageIndex: 1, pageSize: SEARCH_PAGE_SIZE_MAX });

/** Each term searched alone (with the same filters); works with more of the terms first. */
async function rankByTerms(
  search: SearchWords,
  terms: readonly string[],
  filters: WordQuery,
): Promise<WordSearchHit[]> {
  const perTerm = await Promise.all(
    terms.map((term) => firstPage(search, { ...filters, keyword: term })),
  );
  const found = new Map<number, { hit: WordSearchHit; words: number; first: number }>();
  perTerm.forEach((result) =>
    result.list.forEach((hit, rank) => {
      const seen = found.get(hit.id);
      if (seen) seen.words += 1;
      else found.set(hit.id, { hit, words: 1, first: rank });
    }),
  );
  return [...found.values()]
    .sort((a, b) => b.words - a.words || a.first - b.first)
    .map((f) => f.hit);
}

/**
 * Word search needs every word (AND); a sentence such as 蓝色小碎花 适合童装 rarely has a work with
 * all of them. A colour or a style in it then becomes a filter; failing that, each word is searched
 * alone and works are ranked by how many words they have.
 */
export async function findAiWordHits(search: SearchWords, sentence: string): Promise<AiWordHits> {
  const keyword = sentence.trim();
  const all = await firstPage(search, { keyword });
  if (all.total > 0) {
    return { list: all.list, total: all.total, terms: all.terms, relaxed: false, understood: [] };
  }
  // A colour or a style in the sentence becomes a filter; the other words stay words.
  const understood = understandSentence(keyword);
  if (understood.color || understood.style) {
    const filters: WordQuery = {
      keyword: '',
      ...(understood.color ? { color: understood.color } : {}),
      ...(understood.style ? { style: understood.style } : {}),
    };
    // With no other words, the style (or colour) name itself is the word: every such work has it.
    const colourName = COLOUR_SWATCHES.find((c) => c.key === understood.color)?.name ?? '';
    const words =
      understood.rest || (understood.style ? WORK_STYLE_TITLES[understood.style] : colourName);
    const filtered = await firstPage(search, { ...filters, keyword: words });
    if (filtered.total > 0) {
      return {
        list: filtered.list,
        total: filtered.total,
        terms: filtered.terms,
        relaxed: false,
        understood: understood.labels,
      };
    }
    const list =
      filtered.terms.length > 1 ? await rankByTerms(search, filtered.terms, filters) : [];
    if (list.length > 0) {
      return {
        list,
        total: 0,
        terms: filtered.terms,
        relaxed: true,
        understood: understood.labels,
      };
    }
    // None of the other words among them: the colour and style alone are still what was asked.
    const name = understood.style ? WORK_STYLE_TITLES[understood.style] : colourName;
    if (words !== name) {
      const byFilters = await firstPage(search, { ...filters, keyword: name });
      if (byFilters.list.length > 0) {
        return {
          list: byFilters.list,
          total: 0,
          terms: byFilters.terms,
          relaxed: true,
          understood: understood.labels,
        };
      }
    }
  }
  if (all.terms.length < 2) {
    return { list: all.list, total: all.total, terms: all.terms, relaxed: false, understood: [] };
  }
  const list = await rankByTerms(search, all.terms, { keyword: '' });
  return { list, total: 0, terms: all.terms, relaxed: true, understood: [] };
}
