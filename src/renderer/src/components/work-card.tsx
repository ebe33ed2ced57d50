import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { WorkCard as WorkCardData } from '@shared/contract/common';
import { paths } from '../config/paths';
import { formatYuan } from '@shared/rules/money';
import { CARD_SIZES, CARD_WIDTHS, ResponsiveImage } from './responsive-image';

type WorkCardProps = {
  work: WorkCardData;
  /** Place on a hot-seller list. */
  rank?: number | undefined;
  /** Actions under the card (e.g. remove from a collection). */
  footer?: ReactNode;
};

/** A work in a grid: thumbnail, title, designer, and what licensing it starts at. */
export function WorkCard({ work, rank, footer }: WorkCardProps) {
  const card = (
    <Link to={paths.workDetail(work.id)} className="work-card" data-testid="work-card">
      <div className="work-card__image">
        <ResponsiveImage
          src={work.thumbUrl}
          alt={work.title}
          width={400}
          height={work.width > 0 ? Math.round((400 * work.height) / work.width) : 400}
          widths={CARD_WIDTHS}
          sizes={CARD_SIZES}
        />
        {work.isSeamless ? <span className="work-card__badge">四方连续</span> : null}
        {rank !== undefined ? (
          <span className={rank <= 3 ? 'work-card__rank work-card__rank--top' : 'work-card__rank'}>
            {rank}
          </span>
        ) : null}
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
  if (!footer) return card;
  return (
    <div className="work-card-shell">
      {card}
      <div className="work-card__footer">{footer}</div>
    </div>
  );
}

/**
 * A card's place while its data loads: the same image box (square) and the same two text lines as
 * {@link WorkCard}, so the grid is as tall before the data as after it (issue 16: no layout shift).
 */
export function WorkCardSkeleton() {
  return (
    <div className="work-card" aria-hidden="true" data-testid="work-card-skeleton">
      <div className="work-card__image" />
      <div className="work-card__body">
        <div className="work-card__title">
          <span className="work-card__placeholder">&nbsp;</span>
        </div>
        <div className="work-card__meta">
          <span className="work-card__placeholder work-card__placeholder--short">&nbsp;</span>
        </div>
      </div>
    </div>
  );
}
