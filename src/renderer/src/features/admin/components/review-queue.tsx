import { App, Button, Drawer, Table, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-state';

export const REVIEW_PAGE_SIZE = 20;

/** A reviewer's reading of a server time: local date and 24-hour clock, or — when there is none. */
export const reviewTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—';

/** Runs a decision and says how it went: the given text, or the server's reason it could not. */
export function useDecision() {
  const { message } = App.useApp();
  return async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await action();
      message.success(done);
      return true;
    } catch (err) {
      message.error(err instanceof Error ? err.message : '操作失败');
      return false;
    }
  };
}

type ReviewQueueProps<Row extends { id: number }, State extends string> = {
  title: string;
  /** What is reviewed (申请, 作品): names the empty list and the load error. */
  noun: string;
  tabs: readonly { key: State; title: string }[];
  state: State;
  onStateChange: (state: State) => void;
  tabExtra?: ReactNode;
  list: UseQueryResult<{ list: Row[]; total: number }>;
  pageIndex: number;
  onPageChange: (pageIndex: number) => void;
  columns: TableColumnsType<Row>;
  /** Whether a row still waits for a decision (审核) or is only looked at (查看). */
  awaitsDecision: (row: Row) => boolean;
  drawerTitle: string;
  drawerSize: number;
  /** The drawer's content for one row; `close` is called once a decision is made. */
  renderDetail: (id: number, close: () => void) => ReactNode;
};

/**
 * A review queue of the back office: tabs by state, a paged table whose rows open the detail in a
 * drawer, where the reviewer decides.
 */
export function ReviewQueue<Row extends { id: number }, State extends string>({
  title,
  noun,
  tabs,
  state,
  onStateChange,
  tabExtra,
  list,
  pageIndex,
  onPageChange,
  columns,
  awaitsDecision,
  drawerTitle,
  drawerSize,
  renderDetail,
}: ReviewQueueProps<Row, State>) {
  const [openId, setOpenId] = useState<number | null>(null);
  const close = () => setOpenId(null);
  return (
    <>
      <h2>{title}</h2>
      <Tabs
        activeKey={state}
        onChange={(key) => onStateChange(key as State)}
        items={tabs.map((t) => ({ key: t.key, label: t.title }))}
        tabBarExtraContent={tabExtra}
      />
      {list.isError ? (
        <LoadError
          title={`${noun}加载失败`}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: `没有${noun}` }}
          pagination={{
            current: pageIndex,
            pageSize: REVIEW_PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: onPageChange,
            showSizeChanger: false,
          }}
          onRow={(row) => ({ onClick: () => setOpenId(row.id), style: { cursor: 'pointer' } })}
          columns={[
            ...columns,
            {
              title: '操作',
              key: 'open',
              render: (_, row) => (
                <Button type="link" onClick={() => setOpenId(row.id)}>
                  {awaitsDecision(row) ? '审核' : '查看'}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer
        title={drawerTitle}
        open={openId !== null}
        onClose={close}
        size={drawerSize}
        destroyOnHidden
      >
        {openId !== null ? renderDetail(openId, close) : null}
      </Drawer>
    </>
  );
}
