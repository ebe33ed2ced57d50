import { Tag } from 'antd';
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

/** Results in two groups on one ranking: 同款 (the same work, however changed), then 相似. */
export function ImageResultGroups({
  same,
  similar,
  sameTotal,
  similarTotal,
}: ImageResultGroupsProps) {
  return (
    <>
      <section className="image-results__group" aria-labelledby="image-results-same">
        <h3 id="image-results-same" className="image-results__heading">
          {TEXT.same}
          <span className="image-results__count" data-testid="image-same-total">
            {sameTotal}
          </span>
        </h3>
        {same.length > 0 ? (
          <HitGrid hits={same} />
        ) : (
          <p className="image-results__none">{TEXT.sameEmpty}</p>
        )}
      </section>
      {similarTotal > 0 ? (
        <section className="image-results__group" aria-labelledby="image-results-similar">
          <h3 id="image-results-similar" className="image-results__heading">
            {TEXT.similar}
            <span className="image-results__count" data-testid="image-similar-total">
              {similarTotal}
            </span>
          </h3>
          <HitGrid hits={similar} />
        </section>
      ) : null}
    </>
  );
}
