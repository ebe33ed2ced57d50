import type { ReactNode } from 'react';
import './catalogue.css';

type PageHeaderProps = { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode };

/** A page's title (h2), a line under it, and controls on the right. */
export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div>
        <h2>{title}</h2>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {extra ? <div className="page-header__extra">{extra}</div> : null}
    </div>
  );
}
