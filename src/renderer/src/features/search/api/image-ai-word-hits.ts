import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WordSearchHit } from '@shared/contract/word-search';
import { SEARCH_PAGE_SIZE_MAX } from '@shared/contract/word-search';
import { WORK_STYLE_TITLES } from '@shared/contract/works';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import { understandSentence } from '../lib/ai-sentence';
import { fetchSearchCreationList } from './get-search-creation-list';
import type { SearchCreationListInput } from './get-search-creation-list';

/** Works a sentence describes, for AI search: all its words, or failing that, most of them. */
export type AiWordHits = {
  list: WordSearchHit[];
  /** Works matching every word (0 when `relaxed`). */
  total: number;
  terms: string[];
  /** No work has every word: these have some, those with more words first. */
  relaxed: boolean;
  /** Colour and style read from the sentence and searched as filters (颜色：蓝, 风格：花卉). */
  understood: string[];
};

type WordQuery = Omit<SearchCreationListInput, 'pageIndex' | 'pageSize'>;

const fetchWords = (query: WordQuery) =>
  fetchSearchCreationList({ ...query, pageIndex: 1, pageSize: SEARCH_PAGE_SIZE_MAX });

/** Each term searched alone (with the same filters); works with more of the terms first. */
async function rankByTerms(terms: readonly string[], filters: WordQuery): Promise<WordSearchHit[]> {
  const perTerm = await Promise.all(terms.map((term) => fetchWords({ ...filters, keyword: term })));
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
 * all of them. Then each word is searched alone and works are ranked by how many words they have.
 */
export async function fetchAiWordHits(sentence: string): Promise<AiWordHits> {
  const keyword = sentence.trim();
  const all = await fetchWords({ keyword });
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
    const filtered = await fetchWords({ ...filters, keyword: words });
    if (filtered.total > 0) {
      return {
        list: filtered.list,
        total: filtered.total,
        terms: filtered.terms,
        relaxed: false,
        understood: understood.labels,
      };
    }
    const list = filtered.terms.length > 1 ? await rankByTerms(filtered.terms, filters) : [];
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
      const byFilters = await fetchWords({ ...filters, keyword: name });
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
  const list = await rankByTerms(all.terms, { keyword: '' });
  return { list, total: 0, terms: all.terms, relaxed: true, understood: [] };
}

export const aiWordHitsQueryOptions = (sentence: string) =>
  queryOptions({
    queryKey: ['search', 'ai-words', sentence.trim()],
    queryFn: () => fetchAiWordHits(sentence),
    staleTime: 30_000,
  });

/** Nothing is asked for without a sentence. */
export const useAiWordHits = (sentence: string) =>
  useQuery({ ...aiWordHitsQueryOptions(sentence), enabled: sentence.trim() !== '' });
