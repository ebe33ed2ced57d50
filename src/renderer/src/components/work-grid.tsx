import { Empty } from 'antd';
import type { ReactNode } from 'react';
import type { WorkCard as WorkCardData } from '@shared/contract/common';
import { Pager } from './grid-pager';
import { WorkCard, WorkCardSkeleton } from './work-card';
import './catalogue.css';

type WorkGridProps = {
  works: readonly (WorkCardData & { rank?: number })[] | undefined;
  loading?: boolean;
  emptyText?: ReactNode;
  /** Extra content under a card (e.g. a remove button). */
  footer?: (work: WorkCardData) => ReactNode;
  skeletonCount?: number;
};

/** Works in the five-column grid, with skeletons while loading and an empty state. */
export function WorkGrid({
  works,
  loading,
  emptyText = '暂无作品',
  footer,
  skeletonCount = 10,
}: WorkGridProps) {
  if (loading && !works) {
    return (
      <div className="work-grid" aria-busy="true">
        {Array.from({ length: skeletonCount }, (_, i) => (
          <WorkCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (!works || works.length === 0) {
    return <Empty className="grid-empty" description={emptyText} />;
  }
  return (
    <div className="work-grid">
      {works.map((work) => (
        <WorkCard key={work.id} work={work} rank={work.rank} footer={footer?.(work)} />
      ))}
    </div>
  );
}

type GridPagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  unit?: string;
};

/** Pagination under a grid, with the total count. */
export function GridPager({ page, pageSize, total, onChange, unit = '件作品' }: GridPagerProps) {
  if (total <= pageSize && page === 1) return null;
  return (
    <div className="grid-footer">
      <Pager
        current={page}
        pageSize={pageSize}
        total={total}
        totalText={`共 ${total} ${unit}`}
        onChange={(next) => {
          onChange(next);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}
