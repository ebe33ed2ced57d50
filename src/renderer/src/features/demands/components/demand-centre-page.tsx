import { Button, Card, Empty, List, Skeleton, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { formatYuan } from '@shared/rules/money';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useDemandCentre } from '../api/demands';
import { demandDate } from '../lib/demand-format';
import { DemandCard } from './demand-card';
import './demands.css';

const STEPS = [
  ['发布需求', '会员描述想要的图案、品类与用途，设定单稿赏金和采用数量；赏金由平台托管。'],
  ['设计师报名投稿', '入驻设计师报名后在征稿期内投稿，每个需求每人最多 5 稿。'],
  ['采用或不采用', '发布者查看稿件，采用即付赏金给设计师；不采用需说明理由。'],
  ['获得原图', '被采用稿件的原图由发布者下载；需求结束后未用完的赏金退回余额。'],
] as const;

/** /demand 图案定制: what custom patterns are, the live figures, the newest demands and cases. */
export function DemandCentrePage() {
  const centre = useDemandCentre();
  return (
    <div className="demand-page">
      <section className="demand-hero">
        <div>
          <h1>图案定制</h1>
          <p>
            找不到合适的花型？发布需求，由平台上的原创设计师为你定制；赏金托管，采用后才付给设计师。
          </p>
        </div>
        <div className="demand-hero__actions">
          <Link to={`${paths.demand}/release`}>
            <Button type="primary" size="large">
              发布需求
            </Button>
          </Link>
          <Link to={`${paths.demand}/contribute`}>
            <Button size="large">我要投稿</Button>
          </Link>
        </div>
      </section>
      {centre.isError ? (
        <LoadError
          title="图案定制加载失败"
          error={centre.error}
          onRetry={() => void centre.refetch()}
        />
      ) : (
        <>
          <div className="demand-stats">
            <Card size="small">
              <Statistic title="征集中的需求" value={centre.data?.openCount ?? '—'} />
            </Card>
            <Card size="small">
              <Statistic
                title="待领取赏金"
                value={centre.data ? formatYuan(centre.data.openRewardFen) : '—'}
              />
            </Card>
            <Card size="small">
              <Statistic title="已采用稿件" value={centre.data?.adoptedCount ?? '—'} />
            </Card>
            <Card size="small">
              <Statistic
                title="已付设计师赏金"
                value={centre.data ? formatYuan(centre.data.paidRewardFen) : '—'}
              />
            </Card>
          </div>
          <ol className="demand-steps">
            {STEPS.map(([title, text], i) => (
              <li key={title}>
                <b>
                  {i + 1}. {title}
                </b>
                <span className="demand-muted">{text}</span>
              </li>
            ))}
          </ol>
          <div className="demand-section-head">
            <h2>最新需求</h2>
            <Link to={`${paths.demand}/list`}>全部需求</Link>
          </div>
          {centre.isLoading ? (
            <Skeleton active />
          ) : centre.data && centre.data.latest.length > 0 ? (
            <div className="demand-list">
              {centre.data.latest.map((d) => (
                <DemandCard key={d.id} demand={d} />
              ))}
            </div>
          ) : (
            <Empty description="暂时没有征集中的需求，发布第一个需求吧" />
          )}
          <div className="demand-section-head">
            <h2>最近采用</h2>
          </div>
          <List
            bordered
            locale={{ emptyText: '还没有采用的稿件' }}
            dataSource={centre.data?.adopted ?? []}
            renderItem={(c) => (
              <List.Item>
                <Link to={paths.demandDetail(c.demandId)}>{c.title}</Link>
                <span>
                  设计师 {c.designerName} 获赏金 {formatYuan(c.rewardFen)} ·{' '}
                  {demandDate(c.adoptedAt)}
                </span>
              </List.Item>
            )}
          />
        </>
      )}
    </div>
  );
}
