import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { useThemeCreationList } from '../api/get-theme-creation-list';
import { useThemeList } from '../api/get-theme-list';
import './themes.css';

const PAGE_SIZE = 20;

/** /theme/Work: the works of the themes, one theme per tab; theme and page live in the URL. */
export function ThemeWorksView() {
  const [params, setParams] = useSearchParams();
  const themes = useThemeList({ pageIndex: 1, pageSize: 60 });
  const chosen = Number(params.get('themeId')) || themes.data?.list[0]?.id;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const works = useThemeCreationList(
    { themeId: chosen ?? 1, pageIndex: page, pageSize: PAGE_SIZE },
    chosen !== undefined,
  );
  return (
    <div className="page-container theme-works">
      <PageHeader title="主题作品" subtitle="逐个主题浏览作品" />
      <Tabs
        activeKey={chosen === undefined ? undefined : String(chosen)}
        onChange={(key) => setParams({ themeId: key })}
        items={(themes.data?.list ?? []).map((t) => ({
          key: String(t.id),
          label: `${t.title}（${t.workCount}）`,
        }))}
      />
      {works.isError ? (
        <LoadError title="作品加载失败" error={works.error} onRetry={() => void works.refetch()} />
      ) : (
        <>
          <WorkGrid works={works.data?.list} loading={works.isPending} />
          <GridPager
            page={page}
            pageSize={PAGE_SIZE}
            total={works.data?.total ?? 0}
            onChange={(next) =>
              setParams((current) => {
                const p = new URLSearchParams(current);
                p.set('page', String(next));
                return p;
              })
            }
          />
        </>
      )}
    </div>
  );
}
