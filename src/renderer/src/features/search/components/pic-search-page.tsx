import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Switch } from 'antd';
import { MSG } from '@shared/messages';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/load-state';
import { WorkGrid } from '../../../components/work-grid';
import { serverUrl } from '../../../lib/platform';
import { useCloseSearch } from '../../../lib/search-origin';
import { categoryOfKid, kidOfCategory, useMergeCategories } from '../api/image-merge-categories';
import { usePatternRecognize } from '../api/image-pattern-recognize';
import { useImageResults } from '../api/image-search-by-url';
import { useImageSearchUpload } from '../hooks/use-image-search-upload';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';
import { useImageSearchStore } from '../store/image-search-store';
import { ImageCategoryTabs } from './image-category-tabs';
import type { CategorySuggestion } from './image-category-tabs';
import { ImageDropZone } from './image-drop-zone';
import { ImageLoadMore } from './image-load-more';
import { ImageRegionBox } from './image-region-box';
import { ImageResultGroups } from './image-result-groups';
import './image-search.css';

/**
 * §2 /search/picSearch (以图搜图): the session's image (§3) with 框选区域 and 忽略颜色 on the left;
 * category tabs and the results in two groups, 同款 and 相似, loading on as the list scrolls.
 * Without an image of this session, the drop zone asks for one.
 */
export function PicSearchPage() {
  const image = useImageSearchStore((s) => s.image);
  const options = useImageSearchStore((s) => s.options);
  const setOptions = useImageSearchStore((s) => s.setOptions);
  const { upload, busy } = useImageSearchUpload();
  const closeSearch = useCloseSearch();
  const categories = useMergeCategories();
  const recognised = usePatternRecognize(image?.copyUrl);

  const selected = categories.data?.find((c) => c.id === options.categoryId);
  // A category chosen earlier waits for the tabs, so the unfiltered search is not asked for first.
  const categoryKnown = options.categoryId === undefined || !categories.isPending;
  const results = useImageResults(
    image && categoryKnown
      ? {
          url: image.copyUrl,
          ignoreColor: options.ignoreColor,
          region: options.region,
          kid: kidOfCategory(selected),
        }
      : null,
  );

  const reupload = (files: File[]) => void upload(files, 'single');

  if (!image) {
    return (
      <div className="page-container pic-search">
        <PageHeader title={TEXT.resultsTitle} />
        <ImageDropZone
          mode="single"
          busy={busy}
          pasteAnywhere
          title={MSG.imageSearch.noImage}
          onFiles={reupload}
        />
      </div>
    );
  }

  const pages = results.data?.pages ?? [];
  const first = pages[0];
  const same = pages.flatMap((p) => p.same);
  const similar = pages.flatMap((p) => p.similar);
  const sameTotal = first?.sameTotal ?? 0;
  const similarTotal = (first?.total ?? 0) - sameTotal;
  // The url is signed for an hour; each answer brings a fresh one.
  const shownUrl = serverUrl(first?.query.url ?? image.url);
  const top = recognised.data?.categories[0];
  const suggestedEntry =
    top && categories.data ? categoryOfKid(categories.data, top.kid, top.parentKid) : undefined;
  const suggestion: CategorySuggestion | undefined =
    top && suggestedEntry ? { title: top.title, entry: suggestedEntry } : undefined;
  const expired = results.error?.message === MSG.imageSearch.expired;

  return (
    <div className="page-container pic-search">
      <header className="pic-search__bar">
        <div>
          <h2>{TEXT.resultsTitle}</h2>
          {first ? (
            <p className="pic-search__summary" data-testid="image-search-summary">
              {TEXT.same} <strong>{sameTotal}</strong> · {TEXT.similar}{' '}
              <strong>{similarTotal}</strong>
            </p>
          ) : null}
        </div>
        <Button icon={<CloseOutlined />} onClick={closeSearch}>
          {TEXT.closeSearch}
        </Button>
      </header>
      <div className="pic-search__layout">
        <aside className="pic-search__aside" aria-label={TEXT.queryImage}>
          <ImageRegionBox
            src={shownUrl}
            alt={image.name}
            width={image.width}
            height={image.height}
            region={options.region}
            onChange={(region) => setOptions({ region })}
          />
          <p className="pic-search__name" title={image.name}>
            {image.name}
          </p>
          <label className="pic-search__switch">
            <Switch
              size="small"
              checked={options.ignoreColor}
              onChange={(ignoreColor) => setOptions({ ignoreColor })}
              aria-label={TEXT.ignoreColor}
            />
            <span>{TEXT.ignoreColor}</span>
          </label>
          <p className="pic-search__switch-hint">{TEXT.ignoreColorHint}</p>
          <ImageDropZone
            mode="single"
            size="small"
            busy={busy}
            pasteAnywhere
            title={TEXT.reupload}
            onFiles={reupload}
          />
        </aside>
        <section className="pic-search__results" aria-busy={results.isFetching}>
          {categories.data && categories.data.length > 0 ? (
            <ImageCategoryTabs
              categories={categories.data}
              selectedId={options.categoryId}
              onSelect={(categoryId) => setOptions({ categoryId })}
              suggestion={suggestion}
            />
          ) : null}
          {first && first.index.pending > 0 ? (
            <Alert className="pic-search__notice" type="info" showIcon title={TEXT.indexPending} />
          ) : null}
          {results.isError ? (
            <LoadError
              title={TEXT.searchFailed}
              error={results.error}
              onRetry={expired ? undefined : () => void results.refetch()}
            />
          ) : !first ? (
            <WorkGrid works={undefined} loading />
          ) : first.total === 0 ? (
            <NoResults
              filtered={options.categoryId !== undefined}
              region={options.region !== undefined}
              ignoreColor={options.ignoreColor}
              onShowAll={() => setOptions({ categoryId: undefined })}
              onWholeImage={() => setOptions({ region: undefined })}
              onIgnoreColor={() => setOptions({ ignoreColor: true })}
            />
          ) : (
            <>
              <ImageResultGroups
                same={same}
                similar={similar}
                sameTotal={sameTotal}
                similarTotal={similarTotal}
              />
              <ImageLoadMore
                hasMore={results.hasNextPage}
                loading={results.isFetchingNextPage}
                onLoadMore={() => void results.fetchNextPage()}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

type NoResultsProps = {
  filtered: boolean;
  region: boolean;
  ignoreColor: boolean;
  onShowAll: () => void;
  onWholeImage: () => void;
  onIgnoreColor: () => void;
};

/** Nothing found: what to try next, for what narrowed the search. */
function NoResults({
  filtered,
  region,
  ignoreColor,
  onShowAll,
  onWholeImage,
  onIgnoreColor,
}: NoResultsProps) {
  return (
    <Empty className="grid-empty" description={TEXT.emptyTitle}>
      <ul className="pic-search__tips">
        {filtered ? (
          <li>
            {TEXT.emptyFiltered}
            <Button type="link" size="small" onClick={onShowAll}>
              {TEXT.showAll}
            </Button>
          </li>
        ) : null}
        {region ? (
          <li>
            {TEXT.emptyRegion}
            <Button type="link" size="small" onClick={onWholeImage}>
              {TEXT.regionReset}
            </Button>
          </li>
        ) : null}
        {!ignoreColor ? (
          <li>
            {TEXT.emptyColor}
            <Button type="link" size="small" onClick={onIgnoreColor}>
              {TEXT.ignoreColor}
            </Button>
          </li>
        ) : null}
      </ul>
    </Empty>
  );
}
