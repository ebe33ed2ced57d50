import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { SEARCH_BAR_SCROLL_PX } from '@shared/constants';
import type { CategoryNode } from '@shared/contract/works';
import { LoadError } from '../../../components/load-state';
import { GridPager, WorkGrid } from '../../../components/work-grid';
import { useCloseSearch } from '../../../lib/search-origin';
import { useSearchCreationList } from '../api/get-search-creation-list';
import { hasWordSearchFilters, useWordSearchParams } from '../hooks/use-word-search-params';
import { WordResultCard } from './word-result-card';
import { WordSearchEmpty } from './word-search-empty';
import { WordSearchFilters } from './word-search-filters';
import './word-search.css';

export const WORD_SEARCH_PAGE_SIZE = 30;

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** §9 The search bar changes state (compact, with a shadow) once the page scrolls 40px. */
function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > px,
    () => false,
  );
}

type WordSearchPageProps = { categories: readonly CategoryNode[] | undefined };

/** §2 /search/wordSearch?keyword=…: results with highlighted matches, /work filters and paging. */
export function WordSearchPage({ categories }: WordSearchPageProps) {
  const [state, update] = useWordSearchParams();
  const closeSearch = useCloseSearch();
  const scrolled = useScrolledPast(SEARCH_BAR_SCROLL_PX);
  const keyword = state.keyword.trim();
  const { kid, color, style, seamless, sort } = state;
  const results = useSearchCreationList(
    {
      keyword,
      pageIndex: state.page,
      pageSize: WORD_SEARCH_PAGE_SIZE,
      ...(kid !== undefined ? { kid } : {}),
      ...(color !== undefined ? { color } : {}),
      ...(style !== undefined ? { style } : {}),
      ...(seamless !== undefined ? { seamless } : {}),
      ...(sort !== undefined ? { sort } : {}),
    },
    keyword !== '',
  );
  const filtered = hasWordSearchFilters(state);
  const clearFilters = () =>
    update({ kid: undefined, color: undefined, style: undefined, seamless: undefined });
  const searchFor = (next: string) =>
    update({
      keyword: next,
      kid: undefined,
      color: undefined,
      style: undefined,
      seamless: undefined,
    });
  const data = results.data;
  const terms = data?.terms ?? [];

  return (
    <div className="page-container word-search">
      <header className={scrolled ? 'word-search__bar is-scrolled' : 'word-search__bar'}>
        <div className="word-search__heading">
          <h2>{keyword ? <>搜索“{keyword}”</> : '搜索作品'}</h2>
          {keyword ? (
            <p className="word-search__summary" data-testid="word-search-total">
              共找到 <strong>{data?.total ?? '…'}</strong> 件作品
              {terms.length > 1 ? (
                <span className="word-search__terms">
                  （同时包含：
                  {terms.map((t) => (
                    <mark key={t} className="word-hit">
                      {t}
                    </mark>
                  ))}
                  ）
                </span>
              ) : null}
              {data?.ignored?.length ? (
                <span className="word-search__terms" data-testid="word-search-ignored">
                  （没有作品含有{data.ignored.map((w) => `「${w}」`).join('')}，已忽略）
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <Button icon={<CloseOutlined />} onClick={closeSearch}>
          关闭搜索
        </Button>
      </header>
      {keyword ? <WordSearchFilters categories={categories} /> : null}
      {!keyword ? (
        <WordSearchEmpty
          keyword=""
          filtered={false}
          onClearFilters={clearFilters}
          onSearch={searchFor}
        />
      ) : results.isError ? (
        <LoadError title="搜索失败" error={results.error} onRetry={() => void results.refetch()} />
      ) : !data ? (
        <WorkGrid works={undefined} loading />
      ) : data.total === 0 ? (
        <WordSearchEmpty
          keyword={keyword}
          filtered={filtered}
          onClearFilters={clearFilters}
          onSearch={searchFor}
        />
      ) : (
        <>
          <div className="work-grid" aria-busy={results.isFetching}>
            {data.list.map((work) => (
              <WordResultCard key={work.id} work={work} />
            ))}
          </div>
          <GridPager
            page={state.page}
            pageSize={WORD_SEARCH_PAGE_SIZE}
            total={data.total}
            onChange={(page) => update({ page })}
          />
        </>
      )}
    </div>
  );
}
