import { Empty } from 'antd';
import { HeartFilled } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { FolkWorkCard } from '@shared/contract/folk';
import { paths } from '../../../config/paths';

export const folkWorkPath = (id: number) => `${paths.southwestFolk}/${id}`;

/** Folk works as cards: picture, title, people and craft, likes; a badge per card if given. */
export function FolkWorkGrid({
  works,
  badge,
}: {
  works: readonly FolkWorkCard[];
  badge?: (work: FolkWorkCard) => string | null;
}) {
  if (works.length === 0) return <Empty description="没有找到相关作品" />;
  return (
    <ul className="folk-grid" aria-label="基地作品">
      {works.map((w) => (
        <li key={w.id} className="folk-card">
          <Link to={folkWorkPath(w.id)} aria-label={w.title}>
            <img src={w.thumb} alt={w.title} loading="lazy" />
            {badge?.(w) ? <span className="folk-card__badge">{badge(w)}</span> : null}
          </Link>
          <div className="folk-card__body">
            <Link to={folkWorkPath(w.id)} className="folk-card__title">
              {w.title}
            </Link>
            <div className="folk-card__meta">
              <span>
                {w.people} · {w.craft}
              </span>
              <span aria-label={`${w.likeCount} 个赞`}>
                <HeartFilled /> {w.likeCount}
              </span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
