import { App } from 'antd';
import { MSG } from '@shared/messages';
import { useDeleteCollectionGroup } from '../api/del-collection-group';

/** Asks, then deletes a group; its works stay in 全部收藏. */
export function useConfirmDeleteGroup(onDeleted?: () => void) {
  const { modal, message } = App.useApp();
  const remove = useDeleteCollectionGroup();
  return (group: { id: number; name: string }): void => {
    modal.confirm({
      title: `删除分组「${group.name}」？`,
      content: '分组中的作品不会被取消收藏，仍可在“全部收藏”中找到。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        remove.mutateAsync(group.id).then(
          () => {
            void message.success('分组已删除');
            onDeleted?.();
          },
          (e: Error) => void message.error(e.message || MSG.operationFailed),
        ),
    });
  };
}
