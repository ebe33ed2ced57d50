import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { ImageSearchHit } from '@shared/contract/image-search';
import { WorkCard } from '../../../components/work-card';
import { IMAGE_SEARCH_TEXT as TEXT } from '../lib/image-search-text';

type ImageResultGroupsProps = {
  same: readonly ImageSearchHit[];
  similar: readonly ImageSearchHit[];
  /** Over all pages. */
  sameTotal: number;
  similarTotal: number;
};

function HitGrid({ hits }: { hits: readonly ImageSearchHit[] }) {
  return (
    <div className="work-grid">
      {hits.map((hit) => (
        <WorkCard
          key={hit.id}
          work={hit}
          footer={hit.exact ? <Tag color="blue">{TEXT.exact}</Tag> : undefined}
        />
      ))}
    </div>
  );
}

type ImageResultGroupProps = {
  /** Id of the heading, which names the section. */
  id: string;
  title: string;
  count: number;
  countTestId?: string;
  children: ReactNode;
};

/** One titled group of results with its count (同款, 相似, or the AI search's groups). */
export function ImageResultGroup({
  id,
  title,
  count,
  countTestId,
  children,
}: ImageResultGroupProps) {
  return (
    <section className="image-results__group" aria-labelledby={id}>
      <h3 id={id} className="image-results__heading">
        {title}
        <span className="image-results__count" data-testid={countTestId}>
          {count}
        </span>
      </h3>
      {children}
    </section>
  );
}

/** Results in two groups on one ranking: 同款 (the same work, however changed), then 相似. */
export function ImageResultGroups({
  same,
  similar,
  sameTotal,
  similarTotal,
}: ImageResultGroupsProps) {
  return (
    <>
      <ImageResultGroup
        id="image-results-same"
        title={TEXT.same}
        count={sameTotal}
        countTestId="image-same-total"
      >
        {same.length > 0 ? (
          <HitGrid hits={same} />
        ) : (
          <p className="image-results__none">{TEXT.sameEmpty}</p>
        )}
      </ImageResultGroup>
      {similarTotal > 0 ? (
        <ImageResultGroup
          id="image-results-similar"
          title={TEXT.similar}
          count={similarTotal}
          countTestId="image-similar-total"
        >
          <HitGrid hits={similar} />
        </ImageResultGroup>
      ) : null}
    </>
  );
}
