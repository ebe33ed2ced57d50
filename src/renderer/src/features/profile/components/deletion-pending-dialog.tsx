import { Alert, Button, Modal, Space, message } from 'antd';
import { chinaDateText } from '../../../lib/china-date';
import { useCancelDeletion } from '../api/account-deletion';
import { useProfile } from '../api/get-profile';

/**
 * After signing in during the cooling-off: the account is about to be deleted; 撤销注销 keeps it,
 * 继续注销 signs out and lets the cooling-off run.
 */
export function DeletionPendingDialog({ onSignOut }: { onSignOut: () => void }) {
  const { data } = useProfile();
  const cancel = useCancelDeletion();
  const deletion = data?.deletion ?? null;
  if (!deletion) return null;
  const undo = async () => {
    try {
      await cancel.mutateAsync();
      void message.success('已撤销注销，账号可照常使用');
    } catch {
      // Shown below.
    }
  };
  return (
    <Modal open title="账号注销冷静期" footer={null} closable={false} maskClosable={false}>
      <p>
        您已于 {chinaDateText(new Date(deletion.requestedAt).toISOString())} 申请注销账号，账号将于{' '}
        {chinaDateText(new Date(deletion.dueAt).toISOString())} 注销。是否撤销注销？
      </p>
      {cancel.isError ? <Alert type="error" showIcon title={cancel.error.message} /> : null}
      <Space>
        <Button type="primary" loading={cancel.isPending} onClick={() => void undo()}>
          撤销注销
        </Button>
        <Button onClick={onSignOut}>继续注销并退出</Button>
      </Space>
    </Modal>
  );
}
