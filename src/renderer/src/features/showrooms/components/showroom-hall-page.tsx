import { App, Button, Empty, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WorkCard } from '@shared/contract/common';
import type { ShowroomDetail } from '@shared/contract/showrooms';
import { WORKS_PER_SHOWROOM } from '@shared/contract/showrooms';
import { formatYuan } from '@shared/rules/money';
import { paths } from '../../../config/paths';
import { useAddWorks, useRemoveWork, useSortWorks } from '../api/showrooms';
import { ROLE_LABEL, VISIBILITY_LABEL, formatTime, moveItem } from '../lib/showroom-format';
import { HallFrame } from './hall-frame';
import { WorkPicker } from './work-picker';

function AddWorksDialog({ hall, onClose }: { hall: ShowroomDetail; onClose: () => void }) {
  const [chosen, setChosen] = useState<WorkCard[]>([]);
  const add = useAddWorks();
  const { message } = App.useApp();
  const present = new Set(hall.works.map((w) => w.id));
  const submit = async () => {
    try {
      const result = await add.mutateAsync({
        showRoomId: hall.id,
        workIds: chosen.map((w) => w.id),
      });
      void message.success(`已加入 ${result.added} 件作品`);
      onClose();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Modal
      open
      width={860}
      title="添加作品"
      okText="加入展厅"
      okButtonProps={{ disabled: chosen.length === 0, loading: add.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <WorkPicker chosen={chosen} onChange={setChosen} present={present} />
    </Modal>
  );
}

function HallWorks({ hall }: { hall: ShowroomDetail }) {
  const [adding, setAdding] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const sort = useSortWorks();
  const remove = useRemoveWork();
  const { message } = App.useApp();
  const works = hall.works;
  const reorder = async (from: number, to: number) => {
    if (from === to) return;
    try {
      await sort.mutateAsync({
        showRoomId: hall.id,
        workIds: moveItem(works, from, to).map((w) => w.id),
      });
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const removeWork = async (workId: number) => {
    try {
      await remove.mutateAsync({ showRoomId: hall.id, workId });
      void message.success('已移出展厅');
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <>
      <div className="showroom-hall__info" style={{ background: hall.background }}>
        <p>{hall.description || '暂无简介'}</p>
        <p className="showrooms__hint">
          {hall.workCount} / {WORKS_PER_SHOWROOM} 件作品 · {VISIBILITY_LABEL[hall.visibility]} ·
          我的权限：{ROLE_LABEL[hall.role]} · 更新于 {formatTime(hall.updatedAt)}
        </p>
        {hall.canEdit ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            添加作品
          </Button>
        ) : null}
        {!hall.canEdit && hall.role === 'viewer' ? (
          <p className="showrooms__hint">你在该展厅只有只读权限。</p>
        ) : null}
      </div>
      {works.length === 0 ? (
        <Empty description="展厅里还没有作品，从我的收藏、已授权作品或我的作品中添加。" />
      ) : (
        <ol className="showroom-works">
          {works.map((w, i) => (
            <li
              key={w.id}
              className={dragged === i ? 'showroom-work is-dragged' : 'showroom-work'}
              data-testid="hall-work"
              draggable={hall.canEdit}
              onDragStart={() => setDragged(i)}
              onDragOver={(e) => {
                if (dragged !== null) e.preventDefault();
              }}
              onDrop={() => {
                if (dragged !== null) void reorder(dragged, i);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
            >
              <Link to={paths.workDetail(w.id)} className="showroom-work__image">
                <img src={w.thumbUrl} alt={w.title} loading="lazy" />
              </Link>
              <div className="showroom-work__title" title={w.title}>
                {i + 1}. {w.title}
              </div>
              <div className="showrooms__hint">
                {w.designerName} · {formatYuan(w.priceFen)} 起
              </div>
              {hall.canEdit ? (
                <div className="showroom-work__actions">
                  <Button
                    size="small"
                    disabled={i === 0 || sort.isPending}
                    aria-label={`上移 ${w.title}`}
                    onClick={() => void reorder(i, i - 1)}
                  >
                    上移
                  </Button>
                  <Button
                    size="small"
                    disabled={i === works.length - 1 || sort.isPending}
                    aria-label={`下移 ${w.title}`}
                    onClick={() => void reorder(i, i + 1)}
                  >
                    下移
                  </Button>
                  <Popconfirm
                    title="确定把该作品移出展厅吗？"
                    onConfirm={() => void removeWork(w.id)}
                  >
                    <Button size="small" danger aria-label={`移除 ${w.title}`}>
                      移除
                    </Button>
                  </Popconfirm>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {adding ? <AddWorksDialog hall={hall} onClose={() => setAdding(false)} /> : null}
    </>
  );
}

/** /user/myShowRoom/showRoomId/:id a hall's works, in the owner's order. */
export function ShowroomHallPage({ id }: { id: number }) {
  return (
    <HallFrame id={id} page="showRoomId" title="展厅作品">
      {(hall) => <HallWorks hall={hall} />}
    </HallFrame>
  );
}
