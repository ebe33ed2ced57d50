import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { NewProduct } from '@shared/contract/new-products';
import { paths } from '../../../config/paths';

export const day = (isoTime: string): string => {
  const d = new Date(isoTime);
  return Number.isNaN(d.getTime())
    ? ''
    : `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** One 新品 in a grid: the picture, its product, the work it came from, the date, actions. */
export function NewProductCard({
  product,
  children,
}: {
  product: NewProduct;
  children: ReactNode;
}) {
  return (
    <li className="np-card">
      <a href={product.imageUrl} target="_blank" rel="noreferrer" className="np-card__image">
        <img src={product.imageUrl} alt={product.title} loading="lazy" />
        {product.watermarked ? <span className="np-card__badge">预览</span> : null}
      </a>
      <div className="np-card__body">
        <h4 className="np-card__title">{product.title}</h4>
        <p className="np-muted">
          {product.templateTitle} ·{' '}
          {product.source.workId ? (
            <Link to={paths.workDetail(product.source.workId)}>
              {product.source.workTitle || `作品 ${product.source.workId}`}
            </Link>
          ) : (
            product.source.workTitle
          )}{' '}
          · {day(product.createdAt)}
        </p>
        <div className="np-card__actions">{children}</div>
      </div>
    </li>
  );
}
