import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import { getHotTags } from '@shared/contract/word-search';
import { callApi } from '../../../api/api-client';

export type HotTagsInput = CallRequest<typeof getHotTags>;

/** Creation/GetHotTags: the most used tags of popular works. */
export const fetchHotTags = (input: HotTagsInput) => callApi(getHotTags, input);

export const hotTagsQueryOptions = (input: HotTagsInput) =>
  queryOptions({
    queryKey: ['publishing', 'hot-tags', input],
    queryFn: () => fetchHotTags(input),
    staleTime: 300_000,
  });

export const useHotTags = (input: HotTagsInput) => useQuery(hotTagsQueryOptions(input));
