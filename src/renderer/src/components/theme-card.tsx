import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ThemeCard as ThemeCardData } from '@shared/contract/themes';
import { paths } from '../config/paths';
import { CARD_WIDTHS, ResponsiveImage, THEME_COVER_SIZES } from './responsive-image';

type ThemeCardProps = { theme: ThemeCardData; footer?: ReactNode };

/** A theme in a grid: cover, title with the hot mark, subtitle and count. */
export function ThemeCard({ theme, footer }: ThemeCardProps) {
  return (
    <div className="theme-card" data-testid="theme-card">
      <Link to={paths.themeDetail(theme.id)}>
        {theme.coverUrl ? (
          <ResponsiveImage
            src={theme.coverUrl}
            alt={theme.title}
            width={400}
            height={200}
            widths={CARD_WIDTHS}
            sizes={THEME_COVER_SIZES}
          />
        ) : null}
        <div className="theme-card__body">
          <strong>
            {theme.title}
            {theme.isHot ? <span className="theme-card__hot">热门</span> : null}
          </strong>
          <span>
            {theme.subtitle} · {theme.workCount} 件作品
          </span>
        </div>
      </Link>
      {footer ? <div className="work-card__footer">{footer}</div> : null}
    </div>
  );
}

/** A theme card's place while the list loads: the same 2:1 cover box and two text lines. */
export function ThemeCardSkeleton() {
  return (
    <div className="theme-card" aria-hidden="true" data-testid="theme-card-skeleton">
      <div className="theme-card__cover-placeholder" />
      <div className="theme-card__body">
        <strong>
          <span className="home-section__placeholder">&nbsp;</span>
        </strong>
        <span>
          <span className="work-card__placeholder">&nbsp;</span>
        </span>
      </div>
    </div>
  );
}
