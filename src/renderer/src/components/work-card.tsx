import { Link } from 'react-router-dom';
import type { WorkCard as WorkCardData } from '@shared/contract/common';
import { paths } from '../config/paths';
import { serverUrl } from '../lib/platform';
import { formatYuan } from '@shared/rules/money';

type WorkCardProps = { work: WorkCardData };

/** A work in a grid: thumbnail, title, designer, and what licensing it starts at. */
export function WorkCard({ work }: WorkCardProps) {
  return (
    <Link to={paths.workDetail(work.id)} className="work-card" data-testid="work-card">
      <div className="work-card__image">
        <img
          src={serverUrl(work.thumbUrl)}
          alt={work.title}
          loading="lazy"
          width={400}
          height={Math.round((400 * work.height) / work.width)}
        />
        {work.isSeamless ? <span className="work-card__badge">四方连续</span> : null}
      </div>
      <div className="work-card__body">
        <div className="work-card__title" title={work.title}>
          {work.title}
        </div>
        <div className="work-card__meta">
          <span>{work.designerName}</span>
          <span className="work-card__price">{formatYuan(work.priceFen)} 起</span>
        </div>
      </div>
    </Link>
  );
}
