import { App, Input, Modal } from 'antd';
import { useState } from 'react';
import { COLLECTION_GROUP_NAME_MAX } from '@shared/contract/collections';
import { MSG } from '@shared/messages';
import { useSaveCollectionGroup } from '../api/add-or-edit-collection-group';

type GroupNameDialogProps = {
  open: boolean;
  /** The group being renamed; undefined to create one. */
  group?: { id: number; name: string } | undefined;
  onClose: () => void;
};

/** 新建分组 / 重命名分组. */
export function GroupNameDialog({ open, group, onClose }: GroupNameDialogProps) {
  const [name, setName] = useState(group?.name ?? '');
  const save = useSaveCollectionGroup();
  const { message } = App.useApp();
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      void message.warning('请输入分组名称');
      return;
    }
    save.mutate(group ? { id: group.id, name: trimmed } : { name: trimmed }, {
      onSuccess: () => {
        void message.success(group ? '已重命名' : '分组已创建');
        onClose();
      },
      onError: (e) => void message.error(e.message || MSG.operationFailed),
    });
  };
  return (
    <Modal
      open={open}
      title={group ? '重命名分组' : '新建分组'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input
        autoFocus
        aria-label="分组名称"
        placeholder={`分组名称，最多 ${COLLECTION_GROUP_NAME_MAX} 个字`}
        maxLength={COLLECTION_GROUP_NAME_MAX}
        showCount
        value={name}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={submit}
      />
    </Modal>
  );
}
