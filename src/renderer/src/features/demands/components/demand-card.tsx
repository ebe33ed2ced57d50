import { Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { DemandCard as Demand } from '@shared/contract/demands';
import { formatYuan } from '@shared/rules/money';
import { paths } from '../../../config/paths';
import { demandDate, timeLeft } from '../lib/demand-format';

const STATE_COLOURS: Record<Demand['state'], string> = {
  open: 'green',
  ended: 'orange',
  closed: 'default',
  completed: 'blue',
};

/** One demand in a list: reward, places, counts and time left, linking to its detail. */
export function DemandCard({ demand, extra }: { demand: Demand; extra?: React.ReactNode }) {
  return (
    <article className="demand-card" data-testid="demand-card">
      <Link to={paths.demandDetail(demand.id)} className="demand-card__cover">
        {demand.coverUrl ? (
          <img src={demand.coverUrl} alt="" loading="lazy" width={120} height={120} />
        ) : (
          <span className="demand-card__cover-text">{demand.typeName}</span>
        )}
      </Link>
      <div className="demand-card__body">
        <h3 className="demand-card__title">
          <Link to={paths.demandDetail(demand.id)}>{demand.title}</Link>
        </h3>
        <div className="demand-card__meta">
          <Tag color={STATE_COLOURS[demand.state]}>{demand.stateName}</Tag>
          <Tag>{demand.typeName}</Tag>
          {demand.categoryName ? <Tag>{demand.categoryName}</Tag> : null}
          <span>发布者：{demand.customerName}</span>
          <span>发布于 {demandDate(demand.createdAt)}</span>
        </div>
        <div className="demand-card__figures">
          <span>
            已报名 <b>{demand.signUpCount}</b>
          </span>
          <span>
            稿件 <b>{demand.manuscriptCount}</b>
          </span>
          <span>
            已采用 <b>{demand.adoptedCount}</b>/{demand.quota}
          </span>
          <span>{timeLeft(demand)}</span>
        </div>
        {extra}
      </div>
      <div className="demand-card__reward">
        <span className="demand-card__reward-label">单稿赏金</span>
        <span className="demand-card__reward-value">{formatYuan(demand.rewardFen)}</span>
      </div>
    </article>
  );
}
