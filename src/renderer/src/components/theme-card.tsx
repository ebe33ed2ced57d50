import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ThemeCard as ThemeCardData } from '@shared/contract/themes';
import { paths } from '../config/paths';
import { serverUrl } from '../lib/platform';

type ThemeCardProps = { theme: ThemeCardData; footer?: ReactNode };

/** A theme in a grid: cover, title with the hot mark, subtitle and count. */
export function ThemeCard({ theme, footer }: ThemeCardProps) {
  return (
    <div className="theme-card" data-testid="theme-card">
      <Link to={paths.themeDetail(theme.id)}>
        {theme.coverUrl ? (
          <img src={serverUrl(theme.coverUrl)} alt={theme.title} loading="lazy" />
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
