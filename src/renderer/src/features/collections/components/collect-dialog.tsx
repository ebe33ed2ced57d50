import { FolderAddOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Modal, Radio, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { COLLECTION_GROUP_NAME_MAX } from '@shared/contract/collections';
import { MSG } from '@shared/messages';
import type { CollectWorkResult } from '../api/add-or-cancel-collection';
import { useCollectWork } from '../api/add-or-cancel-collection';
import { useSaveCollectionGroup } from '../api/add-or-edit-collection-group';
import { useAllCollectionGroups } from '../api/get-all-collection-group';
import './collections.css';

/** Value of the 不分组 choice (groupId null on the wire). */
const NO_GROUP = 0;

type CollectDialogProps = {
  workId: number;
  open: boolean;
  isCollected: boolean;
  currentGroupId: number | null;
  onClose: () => void;
  onChanged?: (result: CollectWorkResult) => void;
};

/**
 * 收藏到分组: choose one of my groups (or none), create a group on the spot, then collect; a work
 * already collected is moved to the chosen group, or its collection cancelled.
 */
export function CollectDialog({
  workId,
  open,
  isCollected,
  currentGroupId,
  onClose,
  onChanged,
}: CollectDialogProps) {
  const { message } = App.useApp();
  const groups = useAllCollectionGroups(open);
  const saveGroup = useSaveCollectionGroup();
  const collect = useCollectWork(onChanged);
  const [selected, setSelected] = useState<number>(currentGroupId ?? NO_GROUP);
  const [newName, setNewName] = useState('');

  const createGroup = () => {
    const name = newName.trim();
    if (!name) {
      void message.warning('请输入分组名称');
      return;
    }
    saveGroup.mutate(
      { name },
      {
        onSuccess: (group) => {
          setSelected(group.id);
          setNewName('');
          void message.success(`已新建分组「${group.name}」`);
        },
        onError: (e) => void message.error(e.message || MSG.operationFailed),
      },
    );
  };

  const confirm = () => {
    const groupId = selected === NO_GROUP ? null : selected;
    collect.mutate(
      { workId, collect: true, groupId },
      {
        onSuccess: () => {
          const name = groups.data?.find((g) => g.id === groupId)?.name;
          void message.success(name ? `已收藏到「${name}」` : '收藏成功');
          onClose();
        },
        onError: (e) => void message.error(e.message || MSG.operationFailed),
      },
    );
  };

  const cancelCollection = () =>
    collect.mutate(
      { workId, collect: false },
      {
        onSuccess: () => {
          void message.success('已取消收藏');
          onClose();
        },
        onError: (e) => void message.error(e.message || MSG.operationFailed),
      },
    );

  return (
    <Modal
      open={open}
      title="收藏到分组"
      onCancel={onClose}
      destroyOnHidden
      width={480}
      footer={
        <div className="collect-dialog__footer">
          {isCollected ? (
            <Button danger type="link" onClick={cancelCollection} disabled={collect.isPending}>
              取消收藏
            </Button>
          ) : (
            <span />
          )}
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" onClick={confirm} loading={collect.isPending}>
              {isCollected ? '移到该分组' : '确定收藏'}
            </Button>
          </Space>
        </div>
      }
    >
      {groups.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Radio.Group
          className="collect-dialog__groups"
          value={selected}
          onChange={(e) => setSelected(e.target.value as number)}
        >
          <Radio value={NO_GROUP}>不分组（仅在“全部收藏”中）</Radio>
          {groups.data?.map((g) => (
            <Radio key={g.id} value={g.id}>
              {g.name}
              <span className="collect-dialog__count">{g.workCount} 件</span>
            </Radio>
          ))}
          {groups.data?.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有收藏分组" />
          ) : null}
        </Radio.Group>
      )}
      <Space.Compact className="collect-dialog__new">
        <Input
          placeholder="新建分组名称"
          aria-label="新建分组名称"
          maxLength={COLLECTION_GROUP_NAME_MAX}
          value={newName}
          onChange={(e) => setNewName(e.target.value)}
          onPressEnter={createGroup}
        />
        <Button icon={<FolderAddOutlined />} onClick={createGroup} loading={saveGroup.isPending}>
          新建分组
        </Button>
      </Space.Compact>
    </Modal>
  );
}
