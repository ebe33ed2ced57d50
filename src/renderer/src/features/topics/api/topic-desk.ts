import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@shared/contract/define';
import {
  getTopicList,
  getTopicSource,
  previewTopic,
  publishTopic,
  saveTopic,
} from '@shared/contract/topics';
import type { TopicSlug } from '@shared/contract/topics';
import { callApi } from '../../../api/api-client';

/** Admin/GetTopicList: every topic page and whether it has unpublished changes. */
export const topicListQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'topics', 'list'],
    queryFn: () => callApi(getTopicList, {}),
    retry: false,
  });

export const useTopicList = () => useQuery(topicListQueryOptions());

/** Admin/GetTopicSource: the saved draft of one topic, to edit. */
export const topicSourceQueryOptions = (slug: TopicSlug) =>
  queryOptions({
    queryKey: ['admin', 'topics', 'source', slug],
    queryFn: () => callApi(getTopicSource, { slug }),
    retry: false,
  });

export const useTopicSource = (slug: TopicSlug) => useQuery(topicSourceQueryOptions(slug));

/** After a save or a publish: the desk's list and draft, and the public page, are read again. */
function useTopicsChanged() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'topics'] }),
      queryClient.invalidateQueries({ queryKey: ['topics'] }),
    ]);
  };
}

/** Admin/SaveTopic. */
export function useSaveTopic() {
  const changed = useTopicsChanged();
  return useMutation({
    mutationFn: (input: CallRequest<typeof saveTopic>) => callApi(saveTopic, input),
    onSuccess: changed,
  });
}

/** Admin/PublishTopic. */
export function usePublishTopic() {
  const changed = useTopicsChanged();
  return useMutation({
    mutationFn: (input: CallRequest<typeof publishTopic>) => callApi(publishTopic, input),
    onSuccess: changed,
  });
}

/** Admin/PreviewTopic: the page as the blocks being edited would make it; nothing is saved. */
export function usePreviewTopic() {
  return useMutation({
    mutationFn: (input: CallRequest<typeof previewTopic>) => callApi(previewTopic, input),
  });
}
