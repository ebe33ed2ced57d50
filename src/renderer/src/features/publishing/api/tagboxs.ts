import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { tagboxs } from '@shared/contract/publishing';
import { callApi } from '../../../api/api-client';

export type TagSuggestionsInput = CallRequest<typeof tagboxs>;

/** Creation/Tagboxs: tags that start with or contain what was typed. */
export const fetchTagSuggestions = (input: TagSuggestionsInput) => callApi(tagboxs, input);

export const tagSuggestionsQueryOptions = (input: TagSuggestionsInput) =>
  queryOptions({
    queryKey: ['publishing', 'tag-suggestions', input],
    queryFn: () => fetchTagSuggestions(input),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useTagSuggestions = (input: TagSuggestionsInput) =>
  useQuery(tagSuggestionsQueryOptions(input));
