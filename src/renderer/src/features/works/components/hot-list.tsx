import { Tabs } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import type { TrendPeriod } from '@shared/contract/works';
import { TREND_PERIODS, TREND_PERIOD_TITLES } from '@shared/contract/works';
import { MSG } from '@shared/messages';
import { LoadError } from '../../../components/load-state';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { useHotCreationList } from '../api/get-hot-creation-list';
import './works.css';

const PAGE_SIZE = 20;

/** /trendPop hot-sellers: 本周 / 本月 / 本季 tabs of works ranked by sales; period and page in the URL. */
export function HotList() {
  const [params, setParams] = useSearchParams();
  const period: TrendPeriod = TREND_PERIODS.find((p) => p === params.get('period')) ?? 'week';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, error, refetch } = useHotCreationList({
    period,
    pageIndex: page,
    pageSize: PAGE_SIZE,
  });
  const go = (next: { period?: TrendPeriod; page?: number }) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      if (next.period) p.set('period', next.period);
      if (next.page && next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
      return p;
    });
  return (
    <section className="hot-list" aria-label="爆款榜">
      <Tabs
        activeKey={period}
        onChange={(key) => go({ period: key as TrendPeriod })}
        items={TREND_PERIODS.map((p) => ({
          key: p,
          label: MSG.hotListTitle(TREND_PERIOD_TITLES[p]),
        }))}
        tabBarExtraContent={
          data?.startsOn ? (
            <span style={{ color: 'var(--wy-muted)' }}>
              统计自 {dayjs(data.startsOn).format('YYYY年M月D日')} · 按授权销量排名
            </span>
          ) : null
        }
      />
      {isError ? (
        <LoadError title="爆款榜加载失败" error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <WorkGrid works={data?.list} loading={isPending} emptyText="榜单暂未生成" />
          <GridPager
            page={page}
            pageSize={PAGE_SIZE}
            total={data?.total ?? 0}
            onChange={(next) => go({ page: next })}
          />
        </>
      )}
    </section>
  );
}
