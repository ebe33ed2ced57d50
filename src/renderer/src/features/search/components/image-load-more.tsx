import { Button } from 'antd';
import { useEffect, useEffectEvent, useRef } from 'react';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';

type ImageLoadMoreProps = { hasMore: boolean; loading: boolean; onLoadMore: () => void };

/** Loads the next page as the end of the list scrolls into view; the button does it by hand. */
export function ImageLoadMore({ hasMore, loading, onLoadMore }: ImageLoadMoreProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const loadMore = useEffectEvent(() => {
    if (hasMore && !loading) onLoadMore();
  });
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore || typeof IntersectionObserver !== 'function') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
    // Observed again after each load: a short page leaves the sentinel in view, and that must load on.
  }, [hasMore, loading]);

  return (
    <div className="image-results__more" ref={sentinelRef}>
      {hasMore ? (
        <Button loading={loading} onClick={onLoadMore}>
          {loading ? TEXT.loadingMore : TEXT.loadMore}
        </Button>
      ) : (
        <span className="image-results__end">{TEXT.noMore}</span>
      )}
    </div>
  );
}
