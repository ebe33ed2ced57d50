import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WordSearchHit } from '@shared/contract/word-search';
import { SEARCH_PAGE_SIZE_MAX } from '@shared/contract/word-search';
import { fetchSearchCreationList } from './get-search-creation-list';

/** Works a sentence describes, for AI search: all its words, or failing that, most of them. */
export type AiWordHits = {
  list: WordSearchHit[];
  /** Works matching every word (0 when `relaxed`). */
  total: number;
  terms: string[];
  /** No work has every word: these have some, those with more words first. */
  relaxed: boolean;
};

/**
 * Word search needs every word (AND); a sentence such as 蓝色小碎花 适合童装 rarely has a work with
 * all of them. Then each word is searched alone and works are ranked by how many words they have.
 */
export async function fetchAiWordHits(sentence: string): Promise<AiWordHits> {
  const keyword = sentence.trim();
  const all = await fetchSearchCreationList({
    keyword,
    pageIndex: 1,
    pageSize: SEARCH_PAGE_SIZE_MAX,
  });
  if (all.total > 0 || all.terms.length < 2) {
    return { list: all.list, total: all.total, terms: all.terms, relaxed: false };
  }
  const perTerm = await Promise.all(
    all.terms.map((term) =>
      fetchSearchCreationList({ keyword: term, pageIndex: 1, pageSize: SEARCH_PAGE_SIZE_MAX }),
    ),
  );
  const found = new Map<number, { hit: WordSearchHit; words: number; first: number }>();
  perTerm.forEach((result) =>
    result.list.forEach((hit, rank) => {
      const seen = found.get(hit.id);
      if (seen) seen.words += 1;
      else found.set(hit.id, { hit, words: 1, first: rank });
    }),
  );
  const list = [...found.values()]
    .sort((a, b) => b.words - a.words || a.first - b.first)
    .map((f) => f.hit);
  return { list, total: 0, terms: all.terms, relaxed: true };
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
