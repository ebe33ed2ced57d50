import { DeleteOutlined, FolderAddOutlined, FolderOutlined } from '@ant-design/icons';
import { App, Button, Empty, Popconfirm, Skeleton } from 'antd';
import type { WatchedFolder } from '@shared/upload-queue';
import { MSG } from '@shared/messages';
import { useAddFolder, useRemoveFolder } from '../api/watched-folders';

type WatchedFolderListProps = {
  folders: WatchedFolder[] | undefined;
  selectedId: string | null;
  onSelect: (folderId: string | null) => void;
};

/** The watched folders: pick one to see its files and defaults, add one with the system picker, remove. */
export function WatchedFolderList({ folders, selectedId, onSelect }: WatchedFolderListProps) {
  const add = useAddFolder();
  const remove = useRemoveFolder();
  const { message } = App.useApp();
  const addFolder = () =>
    add.mutate(undefined, {
      onSuccess: (folder) => {
        if (!folder) return;
        void message.success(`已添加“${folder.name}”，其中的图片将自动上传`);
        onSelect(folder.id);
      },
      onError: (e) => void message.error(e.message || MSG.operationFailed),
    });
  return (
    <section className="folder-upload__folders" aria-label="监视的文件夹">
      <header className="folder-upload__section-title">
        <h3>监视的文件夹</h3>
        <Button
          type="primary"
          icon={<FolderAddOutlined />}
          loading={add.isPending}
          onClick={addFolder}
        >
          添加文件夹
        </Button>
      </header>
      {folders === undefined ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : folders.length === 0 ? (
        <Empty description="还没有监视的文件夹：添加一个，放进去的设计稿会自动上传" />
      ) : (
        <ul className="folder-upload__folder-list">
          <li>
            <button
              type="button"
              className={`folder-upload__folder${selectedId === null ? ' is-selected' : ''}`}
              onClick={() => onSelect(null)}
            >
              <span className="folder-upload__folder-name">全部文件夹</span>
            </button>
          </li>
          {folders.map((folder) => (
            <li key={folder.id}>
              <button
                type="button"
                className={`folder-upload__folder${selectedId === folder.id ? ' is-selected' : ''}`}
                onClick={() => onSelect(folder.id)}
                title={folder.path}
              >
                <FolderOutlined />
                <span className="folder-upload__folder-name">{folder.name}</span>
                <span className="folder-upload__folder-path">{folder.path}</span>
                {folder.problem ? (
                  <span className="folder-upload__folder-problem" role="alert">
                    {folder.problem}
                  </span>
                ) : null}
              </button>
              <Popconfirm
                title={`不再监视“${folder.name}”？`}
                description="还没上传的文件会移出队列；已上传的不受影响。"
                okText="移除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutate(folder.id, {
                    onSuccess: () => {
                      if (selectedId === folder.id) onSelect(null);
                    },
                    onError: (e) => void message.error(e.message || MSG.operationFailed),
                  })
                }
              >
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`移除文件夹 ${folder.name}`}
                />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
