import type { CategoryNode, WorkSort } from '@shared/contract/works';
import { WORK_SORTS, WORK_SORT_TITLES } from '@shared/contract/works';
import { WorkFilterPanel } from '../../../components/work-filter-panel';
import { useWordSearchParams } from '../hooks/use-word-search-params';

/** Relevance: where the words occur (title, tags, designer, category), then popularity. */
const RELEVANCE = 'relevance';
type WordSort = WorkSort | typeof RELEVANCE;
const SORT_OPTIONS: { value: WordSort; label: string }[] = [
  { value: RELEVANCE, label: '综合' },
  ...WORK_SORTS.map((s) => ({ value: s, label: WORK_SORT_TITLES[s] })),
];

type WordSearchFiltersProps = { categories: readonly CategoryNode[] | undefined };

/** The /work filters over the results (same URL names: kid, color, style, seamless, sort). */
export function WordSearchFilters({ categories }: WordSearchFiltersProps) {
  const [state, update] = useWordSearchParams();
  return (
    <WorkFilterPanel<WordSort>
      label="筛选搜索结果"
      categories={categories}
      values={state}
      onChange={update}
      sort={state.sort ?? RELEVANCE}
      sortOptions={SORT_OPTIONS}
      onSort={(sort) => update({ sort: sort === RELEVANCE ? undefined : sort })}
    />
  );
}
