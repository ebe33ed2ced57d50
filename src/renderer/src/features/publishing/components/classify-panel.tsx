import { HolderOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useState } from 'react';
import type { CustomClassify } from '@shared/contract/publishing';
import { WORK_LIMITS } from '@shared/rules/publishing';
import { useCustomClassify } from '../api/get-custom-classify';
import { useDeleteClassify } from '../api/delete-custom-classify';
import { useSaveClassify } from '../api/insert-update-custom-classify';
import { useSortClassify } from '../api/sort-custom-classify';
import { GroupNav } from './group-nav';

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
  const { message } = App.useApp();
  const list = useCustomClassify();
  const save = useSaveClassify();
  const remove = useDeleteClassify();
  const sort = useSortClassify();
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

  return (
    <GroupNav
      noun="分类"
      title="自定义分类"
      ariaLabel="自定义分类"
      fixed={[
        { key: 'all', label: '全部作品', count: total, active: selected === null },
        { key: 'none', label: '未分类', active: selected === 0 },
      ]}
      onFixed={(key) => onSelect(key === 'all' ? null : 0)}
      groups={shown.map((c) => ({ id: c.id, name: c.name, count: c.workCount }))}
      selectedId={selected}
      onSelect={onSelect}
      nameMax={WORK_LIMITS.classifyNameMax}
      saving={save.isPending}
      onSave={async (c) => {
        await save.mutateAsync(c);
      }}
      onDelete={async (c) => {
        await remove.mutateAsync({ id: c.id });
        if (selected === c.id) onSelect(null);
      }}
      deleteNote="分类中的作品不会被删除。"
      grip={<HolderOutlined className="classify-panel__grip" aria-hidden />}
      rowProps={(c) => ({
        draggable: true,
        'aria-label': c.name,
        className: dragged === c.id ? 'is-dragging' : '',
        onDragStart: (e) => {
          setDragged(c.id);
          e.dataTransfer.effectAllowed = 'move';
        },
        onDragOver: (e) => {
          e.preventDefault();
          if (dragged === null || dragged === c.id) return;
          setOrder(moveBefore(order ?? items.map((i) => i.id), dragged, c.id));
        },
        onDrop: (e) => {
          e.preventDefault();
          if (order) void commitSort(order);
          setDragged(null);
        },
        onDragEnd: () => {
          setDragged(null);
          if (order) void commitSort(order);
        },
      })}
    />
  );
}
