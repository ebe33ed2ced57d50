import type { CategoryNode, WorkSort } from '@shared/contract/works';
import { WORK_SORTS, WORK_SORT_TITLES } from '@shared/contract/works';
import { WorkFilterPanel } from '../../../components/work-filter-panel';
import { useWorkFilters } from '../hooks/use-work-filters';
import './works.css';

const SORT_OPTIONS = WORK_SORTS.map((s) => ({ value: s, label: WORK_SORT_TITLES[s] }));

type WorkFilterBarProps = { categories: readonly CategoryNode[] | undefined };

/**
 * The /work filters: category tree (a parent includes its children), colour swatch, style, seamless
 * and sort. Every choice is written to the URL, so a copied link shows the same view.
 */
export function WorkFilterBar({ categories }: WorkFilterBarProps) {
  const [filters, update] = useWorkFilters();
  return (
    <WorkFilterPanel<WorkSort>
      label="作品筛选"
      categories={categories}
      values={filters}
      onChange={update}
      sort={filters.sort}
      sortOptions={SORT_OPTIONS}
      onSort={(sort) => update({ sort })}
    />
  );
}
