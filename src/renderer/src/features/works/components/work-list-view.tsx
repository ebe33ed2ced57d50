import { HEADER_TYPE } from '@shared/constants';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/load-state';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { useCategories } from '../api/get-categories';
import { useCreationList } from '../api/get-creation-list';
import { useWorkFilters } from '../hooks/use-work-filters';
import { WorkFilterBar } from './work-filter-bar';
import './works.css';

export const WORK_LIST_PAGE_SIZE = 30;

const HEADINGS = {
  [HEADER_TYPE.categoryExclusive]: {
    title: '品类独家',
    subtitle: '按品类独家授权，同品类不再授权他人，避免同款撞图',
  },
  [HEADER_TYPE.materials]: {
    title: '素材',
    subtitle: '可直接用于设计、打样与生产的图案素材',
  },
} as const;

/** /work: category exclusive (headerType 3) or materials (4), with URL-synced filters and paging. */
export function WorkListView() {
  const [filters, update] = useWorkFilters();
  const categories = useCategories();
  const { headerType, kid, color, style, seamless, sort, page } = filters;
  const list = useCreationList({
    pageIndex: page,
    pageSize: WORK_LIST_PAGE_SIZE,
    sort,
    ...(headerType !== undefined ? { headerType } : {}),
    ...(kid !== undefined ? { kid } : {}),
    ...(color !== undefined ? { color } : {}),
    ...(style !== undefined ? { style } : {}),
    ...(seamless !== undefined ? { seamless } : {}),
  });
  const heading = headerType
    ? HEADINGS[headerType]
    : { title: '全部作品', subtitle: '品类独家与素材作品' };
  return (
    <div className="page-container work-list">
      <PageHeader title={heading.title} subtitle={heading.subtitle} />
      <WorkFilterBar categories={categories.data} />
      {list.isError ? (
        <LoadError title="作品加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <p className="work-list__summary" data-testid="work-total">
            <span>
              共找到 <strong>{list.data?.total ?? '…'}</strong> 件作品
            </span>
          </p>
          <WorkGrid
            works={list.data?.list}
            loading={list.isPending}
            emptyText="没有符合条件的作品，换个筛选条件试试"
          />
          <GridPager
            page={page}
            pageSize={WORK_LIST_PAGE_SIZE}
            total={list.data?.total ?? 0}
            onChange={(next) => update({ page: next })}
          />
        </>
      )}
    </div>
  );
}
