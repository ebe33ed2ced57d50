import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAiWordHits } from '@shared/contract/word-search';
import type { AiWordHits } from '@shared/contract/word-search';
import { callApi } from '../../../api/api-client';

/** Works a sentence describes, for AI search: all its words, or failing that, most of them. */
export type { AiWordHits };

/** One call: the server reads colour and style from the sentence and ranks by words found. */
export const fetchAiWordHits = (sentence: string): Promise<AiWordHits> =>
  callApi(getAiWordHits, { sentence: sentence.trim() });

export const aiWordHitsQueryOptions = (sentence: string) =>
  queryOptions({
    queryKey: ['search', 'ai-words', sentence.trim()],
    queryFn: () => fetchAiWordHits(sentence),
    staleTime: 30_000,
  });

/** Nothing is asked for without a sentence. */
export const useAiWordHits = (sentence: string) =>
  useQuery({ ...aiWordHitsQueryOptions(sentence), enabled: sentence.trim() !== '' });
