import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';

/** One of the owner's groups: a custom classification of works, or a group of patterns. */
export type OwnGroup = { id: number; name: string; count: number };

/** A fixed entry above the groups, such as 全部 or 未分类. */
export type FixedEntry = { key: string; label: string; count?: number; active: boolean };

type GroupNavProps = {
  /** 分类 or 分组: names the heading's tools, the dialogs and the confirmations. */
  noun: string;
  /** The heading and the navigation's accessible name. */
  title: string;
  ariaLabel: string;
  fixed: readonly FixedEntry[];
  onFixed: (key: string) => void;
  groups: readonly OwnGroup[];
  selectedId: number | null | undefined;
  onSelect: (id: number) => void;
  nameMax: number;
  saving?: boolean;
  /** Creates (no id) or renames a group; throws with the server's message when it cannot. */
  onSave: (group: { id?: number; name: string }) => Promise<void>;
  onDelete: (group: OwnGroup) => Promise<void>;
  /** What deleting a group does to its contents, said in the confirmation. */
  deleteNote: string;
  /** Extra attributes of a group's row (dragging to sort) and its class. */
  rowProps?: (group: OwnGroup) => HTMLAttributes<HTMLLIElement>;
  /** Shown at the start of a group's row, e.g. a drag handle. */
  grip?: ReactNode;
};

const countOf = (count: number | undefined) =>
  count === undefined ? null : <span className="classify-panel__count">{count}</span>;

/**
 * The side list of the owner's own groups: fixed entries, then each group with its count, tools to
 * rename and delete it, and a dialog to name a new or renamed one.
 */
export function GroupNav({
  noun,
  title,
  ariaLabel,
  fixed,
  onFixed,
  groups,
  selectedId,
  onSelect,
  nameMax,
  saving,
  onSave,
  onDelete,
  deleteNote,
  rowProps,
  grip,
}: GroupNavProps) {
  const { message, modal } = App.useApp();
  const [naming, setNaming] = useState<{ id?: number; name: string } | null>(null);

  const submitName = async () => {
    if (!naming) return;
    const name = naming.name.trim();
    if (!name) {
      message.warning(`请输入${noun}名称`);
      return;
    }
    try {
      await onSave({ ...(naming.id ? { id: naming.id } : {}), name });
      setNaming(null);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '保存失败');
    }
  };

  return (
    <nav className="classify-panel" aria-label={ariaLabel}>
      <div className="classify-panel__head">
        <span>{title}</span>
        <Tooltip title={`新建${noun}`}>
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label={`新建${noun}`}
            onClick={() => setNaming({ name: '' })}
          />
        </Tooltip>
      </div>
      <ul className="classify-panel__list">
        {fixed.map((entry) => (
          <li key={entry.key} className={entry.active ? 'is-active' : ''}>
            <button type="button" onClick={() => onFixed(entry.key)}>
              {entry.label} {countOf(entry.count)}
            </button>
          </li>
        ))}
        {groups.map((g) => {
          const extra = rowProps?.(g) ?? {};
          return (
            <li
              key={g.id}
              {...extra}
              className={[selectedId === g.id ? 'is-active' : '', extra.className ?? '']
                .join(' ')
                .trim()}
            >
              {grip}
              <button type="button" onClick={() => onSelect(g.id)}>
                {g.name} {countOf(g.count)}
              </button>
              <span className="classify-panel__tools">
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`重命名 ${g.name}`}
                  onClick={() => setNaming({ id: g.id, name: g.name })}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除 ${g.name}`}
                  onClick={() => {
                    void modal.confirm({
                      title: `删除${noun}“${g.name}”？`,
                      content: deleteNote,
                      okButtonProps: { danger: true },
                      onOk: () => onDelete(g),
                    });
                  }}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <Modal
        title={naming?.id ? `重命名${noun}` : `新建${noun}`}
        open={naming !== null}
        onCancel={() => setNaming(null)}
        onOk={() => void submitName()}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Input
          aria-label={`${noun}名称`}
          value={naming?.name ?? ''}
          maxLength={nameMax}
          showCount
          autoFocus
          onChange={(e) => setNaming((prev) => (prev ? { ...prev, name: e.target.value } : prev))}
          onPressEnter={() => void submitName()}
        />
      </Modal>
    </nav>
  );
}
