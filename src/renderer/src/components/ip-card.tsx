import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { IpCard as IpCardData } from '@shared/contract/ips';
import { paths } from '../config/paths';
import { serverUrl } from '../lib/platform';

type IpCardProps = { ip: IpCardData; footer?: ReactNode };

/** An IP in a grid: cover, name, owner and how many works it has. */
export function IpCard({ ip, footer }: IpCardProps) {
  return (
    <div className="theme-card" data-testid="ip-card">
      <Link to={paths.ipDetail(ip.id)}>
        {ip.coverUrl ? <img src={serverUrl(ip.coverUrl)} alt={ip.title} loading="lazy" /> : null}
        <div className="theme-card__body">
          <strong>{ip.title}</strong>
          <span>
            {ip.ownerName} · {ip.workCount} 件作品
          </span>
        </div>
      </Link>
      {footer ? <div className="work-card__footer">{footer}</div> : null}
    </div>
  );
}
