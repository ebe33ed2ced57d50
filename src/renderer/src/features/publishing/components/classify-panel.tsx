import { DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import type { CustomClassify } from '@shared/contract/publishing';
import { WORK_LIMITS } from '@shared/rules/publishing';
import { useCustomClassify } from '../api/get-custom-classify';
import { useDeleteClassify } from '../api/delete-custom-classify';
import { useSaveClassify } from '../api/insert-update-custom-classify';
import { useSortClassify } from '../api/sort-custom-classify';

/** Moves `from` to where `to` is: the order after a drop. */
export function moveBefore(ids: readonly number[], from: number, to: number): number[] {
  const rest = ids.filter((id) => id !== from);
  const at = rest.indexOf(to);
  if (at < 0) return [...ids];
  const fromIndex = ids.indexOf(from);
  const toIndex = ids.indexOf(to);
  // Dragging down drops after the target, dragging up before it.
  rest.splice(fromIndex < toIndex ? at + 1 : at, 0, from);
  return rest;
}

type ClassifyPanelProps = {
  /** null: all works; 0: not classified. */
  selected: number | null;
  onSelect: (id: number | null) => void;
  total: number;
};

/** My custom classifications: filter by one, create, rename, delete, and drag to sort. */
export function ClassifyPanel({ selected, onSelect, total }: ClassifyPanelProps) {
  const { message, modal } = App.useApp();
  const list = useCustomClassify();
  const save = useSaveClassify();
  const remove = useDeleteClassify();
  const sort = useSortClassify();
  const [editing, setEditing] = useState<{ id?: number; name: string } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [order, setOrder] = useState<number[] | null>(null);
  const items = list.data ?? [];
  const byId = new Map(items.map((c) => [c.id, c]));
  const shown: CustomClassify[] = (order ?? items.map((c) => c.id))
    .map((id) => byId.get(id))
    .filter((c): c is CustomClassify => Boolean(c));

  const commitSort = async (ids: number[]) => {
    try {
      await sort.mutateAsync({ ids });
    } catch (err) {
      message.error(err instanceof Error ? err.message : '排序失败');
    } finally {
      setOrder(null);
    }
  };

  const submitName = async () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) {
      message.warning('请输入分类名称');
      return;
    }
    try {
      await save.mutateAsync({ ...(editing.id ? { id: editing.id } : {}), name });
      setEditing(null);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '保存失败');
    }
  };

  return (
    <nav className="classify-panel" aria-label="自定义分类">
      <div className="classify-panel__head">
        <span>自定义分类</span>
        <Tooltip title="新建分类">
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label="新建分类"
            onClick={() => setEditing({ name: '' })}
          />
        </Tooltip>
      </div>
      <ul className="classify-panel__list">
        <li className={selected === null ? 'is-active' : ''}>
          <button type="button" onClick={() => onSelect(null)}>
            全部作品 <span className="classify-panel__count">{total}</span>
          </button>
        </li>
        <li className={selected === 0 ? 'is-active' : ''}>
          <button type="button" onClick={() => onSelect(0)}>
            未分类
          </button>
        </li>
        {shown.map((c) => (
          <li
            key={c.id}
            className={[
              selected === c.id ? 'is-active' : '',
              dragged === c.id ? 'is-dragging' : '',
            ].join(' ')}
            draggable
            aria-label={c.name}
            onDragStart={(e) => {
              setDragged(c.id);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              e.preventDefault();
              if (dragged === null || dragged === c.id) return;
              setOrder(moveBefore(order ?? items.map((i) => i.id), dragged, c.id));
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (order) void commitSort(order);
              setDragged(null);
            }}
            onDragEnd={() => {
              setDragged(null);
              if (order) void commitSort(order);
            }}
          >
            <HolderOutlined className="classify-panel__grip" aria-hidden />
            <button type="button" onClick={() => onSelect(c.id)}>
              {c.name} <span className="classify-panel__count">{c.workCount}</span>
            </button>
            <span className="classify-panel__tools">
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={`重命名 ${c.name}`}
                onClick={() => setEditing({ id: c.id, name: c.name })}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除 ${c.name}`}
                onClick={() => {
                  void modal.confirm({
                    title: `删除分类“${c.name}”？`,
                    content: '分类中的作品不会被删除。',
                    okButtonProps: { danger: true },
                    onOk: async () => {
                      await remove.mutateAsync({ id: c.id });
                      if (selected === c.id) onSelect(null);
                    },
                  });
                }}
              />
            </span>
          </li>
        ))}
      </ul>
      <Modal
        title={editing?.id ? '重命名分类' : '新建分类'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void submitName()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Input
          aria-label="分类名称"
          value={editing?.name ?? ''}
          maxLength={WORK_LIMITS.classifyNameMax}
          showCount
          autoFocus
          onChange={(e) => setEditing((prev) => (prev ? { ...prev, name: e.target.value } : prev))}
          onPressEnter={() => void submitName()}
        />
      </Modal>
    </nav>
  );
}
