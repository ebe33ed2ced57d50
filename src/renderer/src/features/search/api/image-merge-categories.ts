import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MergeCategory } from '@shared/contract/image-search';
import { VECTOR_SEARCH_MERGE_CATEGORY_KEY, getDictByKeys } from '@shared/contract/image-search';
import { callApi } from '../../../api/api-client';

const isMergeCategory = (value: unknown): value is MergeCategory => {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'number' &&
    typeof entry.name === 'string' &&
    Array.isArray(entry.kids) &&
    entry.kids.every((kid) => typeof kid === 'number')
  );
};

/** The category tabs of image search (§7 getByKeys vectorSearchMergeCategory, 采购目录 last). */
export async function fetchMergeCategories(): Promise<MergeCategory[]> {
  const dict = await callApi(getDictByKeys, { keys: [VECTOR_SEARCH_MERGE_CATEGORY_KEY] });
  const value = dict[VECTOR_SEARCH_MERGE_CATEGORY_KEY];
  return Array.isArray(value) ? value.filter(isMergeCategory) : [];
}

export const mergeCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['search', 'merge-categories'],
    queryFn: fetchMergeCategories,
    staleTime: 30 * 60_000,
  });

export const useMergeCategories = () => useQuery(mergeCategoriesQueryOptions());

/**
 * The `kid` a tab searches with: a tab covering a top-level category sends that kid (the server
 * adds its children); a tab without kids (采购目录: the published, licensable catalogue, which is
 * what the index holds) sends none.
 */
export function kidOfCategory(entry: MergeCategory | undefined): number | undefined {
  if (!entry || entry.kids.length === 0) return undefined;
  return entry.kids.includes(entry.id) ? entry.id : entry.kids[0];
}

/** The tab a recognised category belongs to: the one listing it, else the one listing its parent. */
export function categoryOfKid(
  entries: readonly MergeCategory[],
  kid: number,
  parentKid: number | null,
): MergeCategory | undefined {
  return (
    entries.find((e) => e.kids.includes(kid)) ??
    (parentKid === null ? undefined : entries.find((e) => e.kids.includes(parentKid)))
  );
}
