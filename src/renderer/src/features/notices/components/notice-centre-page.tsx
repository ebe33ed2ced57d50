import { Button, Empty, Pagination, Segmented, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { NOTICE_KINDS, NOTICE_KIND_TITLES } from '@shared/contract/notices';
import type { NoticeKind } from '@shared/contract/notices';
import { LoadError } from '../../../components/load-state';
import { useMarkAllNoticesRead, useNoticeList, useUnreadNoticeCount } from '../api/notices';
import { NoticeItem } from './notice-item';
import { useOpenNotice } from './use-open-notice';
import './notices.css';

const PAGE_SIZE = 20;
type Filter = 'all' | 'unread';
const ALL_KINDS = 'all';

/**
 * /user/message 消息中心: my notices, newest first, all or unread only, by kind; a click marks one
 * read and follows its link; 全部标为已读 marks those shown (all, or the chosen kind).
 */
export function NoticeCentrePage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [kind, setKind] = useState<NoticeKind | typeof ALL_KINDS>(ALL_KINDS);
  const [pageIndex, setPageIndex] = useState(1);
  const list = useNoticeList({
    pageIndex,
    pageSize: PAGE_SIZE,
    filter,
    ...(kind === ALL_KINDS ? {} : { kind }),
  });
  const unread = useUnreadNoticeCount();
  const markAll = useMarkAllNoticesRead();
  const openNotice = useOpenNotice();
  const total = unread.data?.total ?? 0;
  const unreadShown =
    kind === ALL_KINDS ? total : (unread.data?.byKind.find((k) => k.kind === kind)?.count ?? 0);

  return (
    <section className="notice-page">
      <h2>消息中心</h2>
      <div className="notice-page__toolbar">
        <Segmented<Filter>
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPageIndex(1);
          }}
          options={[
            { label: '全部', value: 'all' },
            { label: total > 0 ? `未读（${total}）` : '未读', value: 'unread' },
          ]}
        />
        <Select<NoticeKind | typeof ALL_KINDS>
          aria-label="消息类型"
          className="notice-page__kind"
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPageIndex(1);
          }}
          options={[
            { label: '全部类型', value: ALL_KINDS },
            ...NOTICE_KINDS.map((k) => ({ label: NOTICE_KIND_TITLES[k], value: k })),
          ]}
        />
        <Button
          disabled={unreadShown === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(kind === ALL_KINDS ? {} : { kind })}
        >
          全部标为已读
        </Button>
      </div>
      {list.isPending ? <Skeleton active /> : null}
      {list.isError ? (
        <LoadError title="消息加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {list.data && list.data.list.length === 0 ? (
        <Empty description={filter === 'unread' ? '没有未读消息' : '暂无消息'} />
      ) : null}
      {list.data && list.data.list.length > 0 ? (
        <>
          <ul className="notice-list">
            {list.data.list.map((n) => (
              <NoticeItem key={n.id} notice={n} onOpen={openNotice} />
            ))}
          </ul>
          <Pagination
            className="notice-page__pager"
            current={pageIndex}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onChange={setPageIndex}
            showSizeChanger={false}
            hideOnSinglePage
          />
        </>
      ) : null}
    </section>
  );
}
