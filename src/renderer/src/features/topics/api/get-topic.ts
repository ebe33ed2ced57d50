import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTopic } from '@shared/contract/topics';
import type { TopicSlug } from '@shared/contract/topics';
import { callApi } from '../../../api/api-client';

/** Topic/GetTopic: a /pageChild/* page as published. */
export const topicQueryOptions = (slug: TopicSlug) =>
  queryOptions({
    queryKey: ['topics', 'one', slug],
    queryFn: () => callApi(getTopic, { slug }),
    staleTime: 60_000,
    retry: false,
  });

export const useTopic = (slug: TopicSlug) => useQuery(topicQueryOptions(slug));
