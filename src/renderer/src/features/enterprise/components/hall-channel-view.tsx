import { Segmented } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { HallInfo } from '@shared/contract/enterprise';
import type { WorkSort } from '@shared/contract/works';
import { WORK_SORTS, WORK_SORT_TITLES } from '@shared/contract/works';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { useChannelWorks } from '../api/get-creations-channel';
import './enterprise.css';

const PAGE_SIZE = 20;

/** /enterprise/channel/{userId}.html?channelId=: one channel's works, sortable and paged. */
export function HallChannelView({ hall, channelId }: { hall: HallInfo; channelId: number }) {
  const [params, setParams] = useSearchParams();
  const sort: WorkSort = WORK_SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const works = useChannelWorks({
    userId: hall.userId,
    channelId,
    sort,
    pageIndex: page,
    pageSize: PAGE_SIZE,
  });
  const set = (patch: Record<string, string | undefined>) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) p.delete(k);
        else p.set(k, v);
      }
      return p;
    });
  if (works.isError && isNotFoundError(works.error)) return <NotFoundPage />;
  return (
    <section className="page-panel">
      <div
        className="work-list__summary"
        style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}
      >
        <strong style={{ fontSize: 18, color: 'var(--wy-text)' }}>
          {works.data?.channel.title ?? ''}（{works.data?.total ?? 0}）
        </strong>
        <Segmented<WorkSort>
          value={sort}
          onChange={(next) => set({ sort: next === 'newest' ? undefined : next, page: undefined })}
          options={WORK_SORTS.map((s) => ({ value: s, label: WORK_SORT_TITLES[s] }))}
        />
      </div>
      {works.isError ? <LoadError title="作品加载失败" error={works.error} /> : null}
      <WorkGrid works={works.data?.list} loading={works.isPending} emptyText="该频道暂无作品" />
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={works.data?.total ?? 0}
        onChange={(next) => set({ page: String(next) })}
      />
    </section>
  );
}
