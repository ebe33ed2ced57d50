import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  HeaderSearchSuggestSource,
  HeaderSearchSuggestion,
} from '../../../components/layout/site-header';
import { paths } from '../../../config/paths';
import { searchRecommendQueryOptions } from '../api/get-search-recommend';
import { themeTagTreeQueryOptions } from '../api/get-theme-tag-tree';

/**
 * What the header's search box suggests: the hot keywords while it is empty, else completions,
 * designers, categories, themes and works for what is typed (cached by React Query).
 */
export function useHeaderSearchSuggest(): HeaderSearchSuggestSource {
  const queryClient = useQueryClient();
  return useCallback(
    async (keyword: string): Promise<HeaderSearchSuggestion[]> => {
      if (!keyword) {
        const tree = await queryClient.fetchQuery(themeTagTreeQueryOptions());
        return tree.hotKeywords.map((text) => ({ kind: 'hot', text }));
      }
      const { list } = await queryClient.fetchQuery(searchRecommendQueryOptions(keyword));
      return list.map((s) => ({
        kind: s.kind,
        text: s.text,
        parts: s.parts,
        count: s.count,
        ...(s.workId !== undefined ? { href: paths.workDetail(s.workId) } : {}),
        ...(s.themeId !== undefined ? { href: paths.themeDetail(s.themeId) } : {}),
      }));
    },
    [queryClient],
  );
}
