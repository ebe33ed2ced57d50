import { Alert, App, Button } from 'antd';
import type { DesktopUploadQueueSnapshot, UploadFolderHold } from '@shared/bridge';
import type { WatchedFolder } from '@shared/upload-queue';
import { MSG } from '@shared/messages';
import { useMoveFolderToAccount } from '../api/upload-queue';

type AccountHoldNoticeProps = {
  queue: DesktopUploadQueueSnapshot | undefined;
  folders: readonly WatchedFolder[];
  /** Only this folder's hold, or every folder's. */
  folderId: string | null;
};

/**
 * Folders added by another account than the one signed in: why their files wait, and 转到当前账号,
 * which asks first (the files then become the signed-in account's works).
 */
export function AccountHoldNotice({ queue, folders, folderId }: AccountHoldNoticeProps) {
  const move = useMoveFolderToAccount();
  const { modal, message } = App.useApp();
  const account = queue?.account ?? null;
  const holds = (queue?.holds ?? []).filter((h) => folderId === null || h.folderId === folderId);
  if (account === null || holds.length === 0) return null;

  const folderName = (hold: UploadFolderHold) =>
    folders.find((f) => f.id === hold.folderId)?.name ?? '文件夹';
  const confirmMove = (hold: UploadFolderHold) => {
    modal.confirm({
      title: `将“${folderName(hold)}”转到当前账号“${account.name || account.caiHongID}”？`,
      content: `还没上传的 ${hold.waiting} 个文件和以后放入的文件，都将上传到当前账号并生成草稿；已上传的文件仍属于原账号“${hold.owner.name || hold.owner.caiHongID}”。`,
      okText: '转到当前账号',
      cancelText: '取消',
      onOk: () =>
        move.mutateAsync(hold.folderId).then(
          () => void message.success(`“${folderName(hold)}”已转到当前账号，文件将继续上传`),
          (e: Error) => void message.error(e.message || MSG.operationFailed),
        ),
    });
  };

  return (
    <div className="folder-upload__holds">
      {holds.map((hold) => (
        <Alert
          key={hold.folderId}
          type="warning"
          showIcon
          role="alert"
          title={hold.message}
          description={`${folderId === null ? `“${folderName(hold)}”：` : ''}${hold.waiting} 个文件等待上传`}
          action={
            <Button
              size="small"
              onClick={() => confirmMove(hold)}
              aria-label={`将 ${folderName(hold)} 转到当前账号`}
            >
              转到当前账号
            </Button>
          }
        />
      ))}
    </div>
  );
}
