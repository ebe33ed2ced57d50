import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getSearchCreationList } from '@shared/contract/word-search';
import { callApi } from '../../../api/api-client';

export type SearchCreationListInput = CallRequest<typeof getSearchCreationList>;

export const fetchSearchCreationList = (input: SearchCreationListInput) =>
  callApi(getSearchCreationList, input);

export const searchCreationListQueryOptions = (input: SearchCreationListInput) =>
  queryOptions({
    queryKey: ['search', 'words', input],
    queryFn: () => fetchSearchCreationList(input),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Results of a search; nothing is asked for while `enabled` is false (no keyword yet). */
export const useSearchCreationList = (input: SearchCreationListInput, enabled = true) =>
  useQuery({ ...searchCreationListQueryOptions(input), enabled });
