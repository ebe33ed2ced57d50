import { Link } from 'react-router-dom';
import type { WordSearchHit } from '@shared/contract/word-search';
import { formatYuan } from '@shared/rules/money';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { WordHighlight } from './word-highlight';

/** A found work: thumbnail, title with the matched words highlighted, designer, price, matched tags. */
export function WordResultCard({ work }: { work: WordSearchHit }) {
  return (
    <Link to={paths.workDetail(work.id)} className="work-card" data-testid="word-result">
      <div className="work-card__image">
        <img
          src={serverUrl(work.thumbUrl)}
          alt={work.title}
          loading="lazy"
          width={400}
          height={Math.round((400 * work.height) / Math.max(1, work.width))}
        />
        {work.isSeamless ? <span className="work-card__badge">四方连续</span> : null}
      </div>
      <div className="work-card__body">
        <div className="work-card__title" title={work.title} data-testid="word-result-title">
          <WordHighlight parts={work.titleParts} />
        </div>
        <div className="work-card__meta">
          <span>{work.designerName}</span>
          <span className="work-card__price">{formatYuan(work.priceFen)} 起</span>
        </div>
        {work.matchedTags.length > 0 ? (
          <div className="word-result__tags">
            {work.matchedTags.map((tag) => (
              <span key={tag} className="word-result__tag">
                {tag}
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </Link>
  );
}
