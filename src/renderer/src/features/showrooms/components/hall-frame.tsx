import { Alert, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ShowroomDetail, ShowroomSummary } from '@shared/contract/showrooms';
import { LoadError } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useMyShowRooms, useShowRoom } from '../api/showrooms';
import { HallCard } from './showroom-list-page';
import { HallTools, ShowroomNav } from './showroom-nav';
import './showrooms.css';

type PickerProps = {
  page: string;
  title: string;
  /** Which halls fit this page (e.g. the owner's only). */
  fits?: (hall: ShowroomSummary) => boolean;
};

/** A sub-page opened without ?id=: the caller picks the hall it is about. */
export function HallPicker({ page, title, fits = () => true }: PickerProps) {
  const halls = useMyShowRooms();
  const list = halls.data ? [...halls.data.mine, ...halls.data.shared].filter(fits) : [];
  return (
    <div className="showrooms">
      <div className="showrooms__head">
        <h2>{title}</h2>
      </div>
      <ShowroomNav />
      <p className="showrooms__hint">请选择要{title}的展厅：</p>
      {halls.isPending ? <Skeleton active /> : null}
      {halls.error ? <LoadError title="展厅加载失败" error={halls.error} /> : null}
      {halls.data && list.length === 0 ? (
        <Empty description="没有可以进行此操作的展厅。">
          <Link to={paths.user.showRoomPage('add')}>创建展厅</Link>
        </Empty>
      ) : null}
      <div className="showroom-grid">
        {list.map((h) => (
          <HallCard key={h.id} hall={h} to={paths.user.showRoomPage(page, h.id)} />
        ))}
      </div>
    </div>
  );
}

type FrameProps = {
  id: number;
  page: string;
  title: string;
  fits?: PickerProps['fits'];
  children: (hall: ShowroomDetail) => ReactNode;
};

/** A hall's sub-page: the picker without an id, the hall's header and tools with one. */
export function HallFrame({ id, page, title, fits, children }: FrameProps) {
  const hall = useShowRoom(id);
  if (!Number.isSafeInteger(id)) return <HallPicker page={page} title={title} fits={fits} />;
  return (
    <div className="showrooms">
      {hall.isPending ? <Skeleton active /> : null}
      {hall.error ? (
        <>
          <ShowroomNav />
          <LoadError title="展厅加载失败" error={hall.error} />
        </>
      ) : null}
      {hall.data ? (
        <>
          <div className="showrooms__head">
            <h2>
              {hall.data.name}
              <span className="showrooms__sub"> · {title}</span>
            </h2>
            <Link to={paths.user.myShowRoom}>返回我的展厅</Link>
          </div>
          <HallTools id={hall.data.id} owner={hall.data.role === 'owner'} />
          {hall.data.locked ? (
            <Alert
              className="showrooms__locked"
              type="warning"
              showIcon
              title="展厅已锁定"
              description={`由 ${hall.data.lockedBy} 锁定，解锁前任何人都不能修改展厅。`}
            />
          ) : null}
          {children(hall.data)}
        </>
      ) : null}
    </div>
  );
}

/** What a member without the right sees in place of an owner's tool. */
export function OwnerOnly() {
  return <Empty description="只有展厅创建者可以使用此功能，请联系创建者。" />;
}
