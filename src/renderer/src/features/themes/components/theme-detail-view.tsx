import { Segmented, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ThemeInfo } from '@shared/contract/themes';
import type { WorkSort } from '@shared/contract/works';
import { WORK_SORTS, WORK_SORT_TITLES } from '@shared/contract/works';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { ThemeCard } from '../../../components/theme-card';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { serverUrl } from '../../../lib/platform';
import { useRecommendThemes } from '../api/get-recommend-theme-list';
import { useThemeCreationList } from '../api/get-theme-creation-list';
import './themes.css';

const PAGE_SIZE = 20;

type ThemeDetailViewProps = {
  themeId: number;
  /** The collect control for the theme (collections feature). */
  collectAction: (theme: ThemeInfo) => ReactNode;
};

/** /theme/detail: the theme's banner, its works (sortable, paged) and other recommended themes. */
export function ThemeDetailView({ themeId, collectAction }: ThemeDetailViewProps) {
  const [params, setParams] = useSearchParams();
  const sort: WorkSort = WORK_SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useThemeCreationList({ themeId, sort, pageIndex: page, pageSize: PAGE_SIZE });
  const recommended = useRecommendThemes(themeId, 4);
  const set = (patch: Record<string, string | undefined>) =>
    setParams((current) => {
      const p = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) p.delete(k);
        else p.set(k, v);
      }
      return p;
    });
  if (query.isError && isNotFoundError(query.error)) return <NotFoundPage />;
  const theme = query.data?.theme;
  return (
    <div className="page-container theme-detail">
      {query.isError ? (
        <LoadError title="主题加载失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {theme ? (
        <div
          className="theme-banner"
          style={{
            backgroundImage: theme.bannerUrl ? `url(${serverUrl(theme.bannerUrl)})` : undefined,
          }}
        >
          <div className="theme-banner__body">
            <div>
              <h2>{theme.title}</h2>
              <p>
                {theme.subtitle} · {theme.workCount} 件作品 · {theme.collectCount} 人收藏
              </p>
            </div>
            {collectAction(theme)}
          </div>
        </div>
      ) : query.isPending ? (
        <Skeleton.Node active style={{ width: '100%', height: 220, marginBottom: 20 }}>
          <span />
        </Skeleton.Node>
      ) : null}
      <div className="theme-toolbar">
        <span>共 {query.data?.total ?? '…'} 件作品</span>
        <Segmented<WorkSort>
          value={sort}
          onChange={(next) => set({ sort: next === 'newest' ? undefined : next, page: undefined })}
          options={WORK_SORTS.map((s) => ({ value: s, label: WORK_SORT_TITLES[s] }))}
        />
      </div>
      <WorkGrid works={query.data?.list} loading={query.isPending} emptyText="该主题暂无作品" />
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.total ?? 0}
        onChange={(next) => set({ page: String(next) })}
      />
      {recommended.data && recommended.data.length > 0 ? (
        <section className="home-section" style={{ marginTop: 32 }}>
          <div className="home-section__header">
            <div>
              <h2>更多主题</h2>
            </div>
          </div>
          <div className="theme-grid">
            {recommended.data.map((t) => (
              <ThemeCard key={t.id} theme={t} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
