import { Pagination, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-state';

type PagedListProps = {
  query: UseQueryResult<{ list: readonly unknown[]; total: number }>;
  /** Title of the error shown when the page cannot be loaded, e.g. 作品加载失败. */
  errorTitle: string;
  /** Shown instead of the list when the page has nothing. */
  empty: ReactNode;
  pageIndex: number;
  pageSize: number;
  onPageChange: (pageIndex: number) => void;
  /** The page's items, rendered only once there are some. */
  children: ReactNode;
};

/** One page of my works or patterns: the load error, the spinner, the empty state or the items, then paging. */
export function PagedList({
  query,
  errorTitle,
  empty,
  pageIndex,
  pageSize,
  onPageChange,
  children,
}: PagedListProps) {
  const total = query.data?.total ?? 0;
  return (
    <>
      {query.isError ? (
        <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isLoading ? (
        <Spin className="route-spinner" />
      ) : (query.data?.list.length ?? 0) === 0 ? (
        empty
      ) : (
        children
      )}
      {total > pageSize ? (
        <Pagination
          className="my-work-page__pagination"
          current={pageIndex}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          onChange={onPageChange}
        />
      ) : null}
    </>
  );
}
