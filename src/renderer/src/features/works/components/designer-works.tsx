import { Segmented, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { WorkSort } from '@shared/contract/works';
import { WORK_SORTS, WORK_SORT_TITLES } from '@shared/contract/works';
import { CoverMosaic } from '../../../components/avatar-initial';
import { LoadError } from '../../../components/load-state';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { useCreationList } from '../api/get-creation-list';
import { useCreationSeriesList } from '../api/get-creation-series-list';
import { useSeriesList } from '../api/get-series-list';
import './works.css';

const PAGE_SIZE = 20;

type Channel = { kid: number; title: string; workCount: number };

type DesignerWorksProps = {
  designerId: number;
  /** The shop's channels (top categories with counts), from the designers feature. */
  channels?: readonly Channel[];
  /** Whether to offer the series tab (designer galleries do; enterprise halls list works only). */
  withSeries?: boolean;
};

const num = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** A designer's works: by channel and sort, or by series; tab, channel, series, sort and page live in the URL. */
export function DesignerWorks({
  designerId,
  channels = [],
  withSeries = true,
}: DesignerWorksProps) {
  const [params, setParams] = useSearchParams();
  const tab = withSeries && params.get('tab') === 'series' ? 'series' : 'works';
  const kid = num(params.get('kid'));
  const sort: WorkSort = WORK_SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const page = num(params.get('page')) ?? 1;
  const set = (patch: Record<string, string | undefined>) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) p.delete(k);
        else p.set(k, v);
      }
      if (!('page' in patch)) p.delete('page');
      return p;
    });
  const works = useCreationList({
    designerId,
    pageIndex: page,
    pageSize: PAGE_SIZE,
    sort,
    ...(kid ? { kid } : {}),
  });
  const series = useSeriesList(designerId);
  const seriesId = num(params.get('seriesId')) ?? series.data?.[0]?.id;
  const seriesWorks = useCreationSeriesList(
    { seriesId: seriesId ?? 0, pageIndex: page, pageSize: PAGE_SIZE },
    tab === 'series' && seriesId !== undefined,
  );

  const worksTab = (
    <>
      <div className="filter-row" style={{ borderBottom: 0 }}>
        <div className="filter-row__options">
          <button
            type="button"
            className={kid === undefined ? 'filter-chip filter-chip--active' : 'filter-chip'}
            onClick={() => set({ kid: undefined })}
          >
            全部
          </button>
          {channels.map((c) => (
            <button
              key={c.kid}
              type="button"
              className={kid === c.kid ? 'filter-chip filter-chip--active' : 'filter-chip'}
              onClick={() => set({ kid: String(c.kid) })}
            >
              {c.title}（{c.workCount}）
            </button>
          ))}
        </div>
        <Segmented<WorkSort>
          style={{ marginLeft: 'auto' }}
          value={sort}
          onChange={(next) => set({ sort: next === 'newest' ? undefined : next })}
          options={WORK_SORTS.map((s) => ({ value: s, label: WORK_SORT_TITLES[s] }))}
        />
      </div>
      {works.isError ? (
        <LoadError title="作品加载失败" error={works.error} onRetry={() => void works.refetch()} />
      ) : (
        <>
          <WorkGrid works={works.data?.list} loading={works.isPending} />
          <GridPager
            page={page}
            pageSize={PAGE_SIZE}
            total={works.data?.total ?? 0}
            onChange={(next) => set({ page: String(next) })}
          />
        </>
      )}
    </>
  );

  const seriesTab = (
    <>
      <div className="series-grid" style={{ marginBottom: 20 }}>
        {series.data?.map((s) => (
          <button
            key={s.id}
            type="button"
            className={s.id === seriesId ? 'series-card series-card--active' : 'series-card'}
            onClick={() => set({ seriesId: String(s.id) })}
          >
            <strong>{s.title}</strong>
            <span>{s.workCount} 件作品</span>
            <CoverMosaic covers={s.covers} alt={s.title} />
          </button>
        ))}
      </div>
      <WorkGrid
        works={seriesWorks.data?.list}
        loading={seriesWorks.isPending && seriesId !== undefined}
        emptyText="暂无系列"
      />
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={seriesWorks.data?.total ?? 0}
        onChange={(next) => set({ page: String(next) })}
      />
    </>
  );

  if (!withSeries) return <section className="page-panel">{worksTab}</section>;
  return (
    <section className="page-panel">
      <Tabs
        activeKey={tab}
        onChange={(key) => set({ tab: key === 'series' ? 'series' : undefined, kid: undefined })}
        items={[
          { key: 'works', label: '全部作品', children: worksTab },
          {
            key: 'series',
            label: `作品系列${series.data ? `（${series.data.length}）` : ''}`,
            children: seriesTab,
          },
        ]}
      />
    </section>
  );
}
