import { Button, Empty, Skeleton, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { ShowroomSummary } from '@shared/contract/showrooms';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useMyShowRooms } from '../api/showrooms';
import { ROLE_LABEL, formatTime } from '../lib/showroom-format';
import { ShowroomNav } from './showroom-nav';
import './showrooms.css';

/** One hall as a card: cover, name, works, members, lock, last change. */
export function HallCard({ hall, to }: { hall: ShowroomSummary; to?: string }) {
  return (
    <Link to={to ?? paths.user.showRoom(hall.id)} className="showroom-card" data-testid="hall-card">
      <div className="showroom-card__cover" style={{ background: hall.background }}>
        {hall.coverUrl ? (
          <img src={hall.coverUrl} alt={hall.name} loading="lazy" />
        ) : (
          <span>暂无作品</span>
        )}
        {hall.locked ? (
          <Tag className="showroom-card__lock" color="orange">
            已锁定
          </Tag>
        ) : null}
      </div>
      <div className="showroom-card__body">
        <div className="showroom-card__name" title={hall.name}>
          {hall.name}
        </div>
        <div className="showroom-card__meta">
          <span>{hall.workCount} 件作品</span>
          <span>{hall.memberCount} 位协作者</span>
          {hall.role !== 'owner' ? <Tag>{ROLE_LABEL[hall.role]}</Tag> : null}
        </div>
        <div className="showroom-card__meta">
          {hall.role !== 'owner' ? <span>创建者 {hall.ownerName}</span> : null}
          <span>更新于 {formatTime(hall.updatedAt)}</span>
        </div>
      </div>
    </Link>
  );
}

/** /user/myShowRoom and /design/user/myShowRoom: my halls and the halls shared with me. */
export function ShowroomListPage() {
  const halls = useMyShowRooms();
  return (
    <div className="showrooms">
      <div className="showrooms__head">
        <h2>我的展厅</h2>
        {halls.data ? (
          <span className="showrooms__hint">还可创建 {halls.data.remaining} 个展厅</span>
        ) : null}
        <Link to={paths.user.showRoomPage('add')}>
          <Button type="primary" disabled={halls.data?.remaining === 0}>
            创建展厅
          </Button>
        </Link>
      </div>
      <ShowroomNav />
      {halls.isPending ? <Skeleton active /> : null}
      {halls.error ? (
        <LoadError title="展厅加载失败" error={halls.error} onRetry={() => void halls.refetch()} />
      ) : null}
      {halls.data ? (
        <>
          <h3>我创建的展厅</h3>
          {halls.data.mine.length === 0 ? (
            <Empty description="你还没有展厅。展厅把收藏、已授权和自己的作品集中陈列，方便给客户与同事观看。" />
          ) : (
            <div className="showroom-grid">
              {halls.data.mine.map((h) => (
                <HallCard key={h.id} hall={h} />
              ))}
            </div>
          )}
          <h3>与我共享的展厅</h3>
          {halls.data.shared.length === 0 ? (
            <Empty description="暂无别人邀请你协作的展厅，收到的邀请在“协作展厅”中接受。" />
          ) : (
            <div className="showroom-grid">
              {halls.data.shared.map((h) => (
                <HallCard key={h.id} hall={h} />
              ))}
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
