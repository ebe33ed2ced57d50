import { Segmented } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { CoverMosaic } from '../../../components/avatar-initial';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { ThemeCard, ThemeCardSkeleton } from '../../../components/theme-card';
import { GridPager } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { useHotThemes } from '../api/get-theme-is-hot';
import { useThemeList } from '../api/get-theme-list';
import './themes.css';

const PAGE_SIZE = 12;

/** The hot themes showcase before it loads: four boxes of the same shape (issue 16: no shift). */
function HotThemesSkeleton() {
  return (
    <div className="hot-themes" aria-hidden="true" data-testid="hot-themes-skeleton">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="hot-theme">
          <div className="hot-theme__head">
            <strong>
              <span className="home-section__placeholder">&nbsp;</span>
            </strong>
          </div>
          <CoverMosaic covers={[]} alt="" />
          <span>&nbsp;</span>
        </div>
      ))}
    </div>
  );
}

/** /theme: the hot themes showcase, then every theme (all or hot only), paged. */
export function ThemeListView() {
  const [params, setParams] = useSearchParams();
  const hotOnly = params.get('hot') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const hot = useHotThemes();
  const list = useThemeList({
    pageIndex: page,
    pageSize: PAGE_SIZE,
    ...(hotOnly ? { isHot: true } : {}),
  });
  return (
    <div className="page-container theme-list">
      <PageHeader
        title="主题"
        subtitle="按风格与用途整理的作品专题，找灵感从这里开始"
        extra={<Link to={paths.themeWork}>按主题浏览全部作品 →</Link>}
      />
      {hot.isPending ? <HotThemesSkeleton /> : null}
      {hot.data && hot.data.length > 0 ? (
        <div className="hot-themes" aria-label="热门主题">
          {hot.data.slice(0, 4).map((t) => (
            <Link key={t.id} to={paths.themeDetail(t.id)} className="hot-theme">
              <div className="hot-theme__head">
                <strong>
                  {t.title}
                  <span className="theme-card__hot">热门</span>
                </strong>
                <span>{t.workCount} 件作品</span>
              </div>
              <CoverMosaic covers={t.previews} alt={t.title} />
              <span style={{ color: 'var(--wy-muted)' }}>{t.subtitle}</span>
            </Link>
          ))}
        </div>
      ) : null}
      <div className="theme-toolbar">
        <span>共 {list.data?.total ?? '…'} 个主题</span>
        <Segmented
          value={hotOnly ? 'hot' : 'all'}
          onChange={(value) => setParams(value === 'hot' ? { hot: '1' } : {})}
          options={[
            { value: 'all', label: '全部主题' },
            { value: 'hot', label: '热门主题' },
          ]}
        />
      </div>
      {list.isError ? (
        <LoadError title="主题加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="theme-grid" aria-busy={list.isPending}>
          {list.isPending
            ? Array.from({ length: PAGE_SIZE }, (_, i) => <ThemeCardSkeleton key={i} />)
            : list.data.list.map((t) => <ThemeCard key={t.id} theme={t} />)}
        </div>
      )}
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        unit="个主题"
        onChange={(next) =>
          setParams((current) => {
            const p = new URLSearchParams(current);
            p.set('page', String(next));
            return p;
          })
        }
      />
    </div>
  );
}
