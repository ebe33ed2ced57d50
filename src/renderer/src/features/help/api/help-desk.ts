import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getHelpArticleSource,
  getHelpTree,
  moveHelpItem,
  previewHelpMarkdown,
  saveHelpArticle,
  saveHelpCategory,
  setHelpPublished,
} from '@shared/contract/help';
import type { HelpAudience } from '@shared/contract/help';
import type { CallDef, CallRequest, CallResponse } from '@shared/contract/define';
import { callApi } from '../../../api/api-client';

// The back office's help editing (/admin/help); every change reads the desk and the public help again.

/** Admin/GetHelpTree: one audience's categories and articles, published or not. */
export const helpTreeQueryOptions = (audience: HelpAudience) =>
  queryOptions({
    queryKey: ['admin', 'help', 'tree', audience],
    queryFn: () => callApi(getHelpTree, { audience }),
    retry: false,
  });
export const useHelpTree = (audience: HelpAudience) => useQuery(helpTreeQueryOptions(audience));

/** Admin/GetHelpArticleSource: an article's Markdown. */
export const helpSourceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'help', 'source', id],
    queryFn: () => callApi(getHelpArticleSource, { id }),
    retry: false,
  });
export const useHelpSource = (id: number | undefined) =>
  useQuery({ ...helpSourceQueryOptions(id ?? 0), enabled: id !== undefined });

function useHelpMutation<C extends CallDef>(call: C) {
  const queryClient = useQueryClient();
  return useMutation<CallResponse<C>, Error, CallRequest<C>>({
    mutationFn: (input) => callApi(call, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'help'] }),
        queryClient.invalidateQueries({ queryKey: ['help'] }),
      ]);
    },
  });
}

export const useSaveHelpCategory = () => useHelpMutation(saveHelpCategory);
export const useSaveHelpArticle = () => useHelpMutation(saveHelpArticle);
export const useSetHelpPublished = () => useHelpMutation(setHelpPublished);
export const useMoveHelpItem = () => useHelpMutation(moveHelpItem);

/** Admin/PreviewHelpMarkdown: the HTML readers would see, without saving. */
export const usePreviewHelpMarkdown = () =>
  useMutation({ mutationFn: (markdown: string) => callApi(previewHelpMarkdown, { markdown }) });
