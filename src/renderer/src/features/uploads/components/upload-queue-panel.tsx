import { PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Progress, Skeleton, Statistic, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { RETRY_ALL_FAILED } from '@shared/upload-queue';
import type {
  UploadItemState,
  UploadQueueItem,
  UploadQueueSnapshot,
  WatchedFolder,
} from '@shared/upload-queue';
import { paths } from '../../../config/paths';
import { usePauseUploads, useResumeUploads, useRetryUploads } from '../api/upload-queue';
import { useUploadPreview } from '../api/upload-preview';
import { formatBytes, formatSpeed } from '../utils/format-size';

const STATE_LABELS: Record<UploadItemState, { text: string; color: string }> = {
  queued: { text: '等待上传', color: 'default' },
  preparing: { text: '处理中', color: 'processing' },
  uploading: { text: '上传中', color: 'processing' },
  uploaded: { text: '已上传', color: 'success' },
  failed: { text: '失败', color: 'error' },
};

function Preview({ item }: { item: UploadQueueItem }) {
  const ready = item.state === 'uploading' || item.state === 'uploaded';
  const preview = useUploadPreview(item.id, item.sha256, ready);
  return preview.data ? (
    <img className="folder-upload__preview" src={preview.data} alt={item.name} loading="lazy" />
  ) : (
    <span className="folder-upload__preview is-empty" aria-hidden />
  );
}

function stateNote(item: UploadQueueItem): string | null {
  if (item.state === 'queued' && item.retryAt !== null && item.error) {
    const seconds = Math.max(1, Math.round((item.retryAt - Date.now()) / 1000));
    return `${item.error}（约 ${seconds} 秒后第 ${item.attempts + 1} 次尝试）`;
  }
  if (item.state === 'uploading' && item.fileKey !== null) return '已上传，正在创建草稿';
  if (item.state === 'uploaded' && item.sameAs) return '相同内容已上传过，未重复上传';
  if (item.state === 'uploaded' && item.converted) {
    return `原图超出限制，已转换为 sRGB 并缩小到 ${item.width}×${item.height} 后上传`;
  }
  return item.error;
}

type UploadQueuePanelProps = {
  queue: UploadQueueSnapshot | undefined;
  folders: readonly WatchedFolder[];
  /** Only this folder's files, or all. */
  folderId: string | null;
};

/** Totals, speed, pause/resume, and one row per file with its state, progress, error and retry. */
export function UploadQueuePanel({ queue, folders, folderId }: UploadQueuePanelProps) {
  const pause = usePauseUploads();
  const resume = useResumeUploads();
  const retry = useRetryUploads();
  const { message } = App.useApp();
  const onError = (e: Error) => void message.error(e.message || MSG.operationFailed);
  const folderNames = useMemo(() => new Map(folders.map((f) => [f.id, f.name])), [folders]);
  // Newest first: what was just dropped in the folder is at the top.
  const rows = useMemo(
    () =>
      (queue?.items ?? [])
        .filter((item) => folderId === null || item.folderId === folderId)
        .reverse(),
    [queue, folderId],
  );
  if (!queue) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { totals } = queue;

  const columns: TableColumnsType<UploadQueueItem> = [
    { title: '预览', key: 'preview', width: 72, render: (_, item) => <Preview item={item} /> },
    {
      title: '文件',
      key: 'name',
      render: (_, item) => (
        <div className="folder-upload__file">
          <span className="folder-upload__file-name" title={item.path}>
            {item.name}
          </span>
          <span className="folder-upload__file-meta">
            {folderNames.get(item.folderId) ?? '已移除的文件夹'} · {formatBytes(item.size)}
          </span>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 96,
      render: (_, item) => (
        <Tag color={STATE_LABELS[item.state].color}>{STATE_LABELS[item.state].text}</Tag>
      ),
    },
    {
      title: '进度',
      key: 'progress',
      width: 160,
      render: (_, item) => (
        <Progress
          percent={Math.round(item.progress * 100)}
          size="small"
          status={
            item.state === 'failed' ? 'exception' : item.state === 'uploaded' ? 'success' : 'active'
          }
          aria-label={`${item.name} 上传进度`}
        />
      ),
    },
    {
      title: '说明',
      key: 'note',
      render: (_, item) => {
        const note = stateNote(item);
        return note ? (
          <span className={item.state === 'failed' ? 'folder-upload__error' : undefined}>
            {note}
          </span>
        ) : null;
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 96,
      render: (_, item) =>
        item.state === 'failed' ? (
          <Button
            type="link"
            size="small"
            onClick={() => retry.mutate(item.id, { onError })}
            aria-label={`重试 ${item.name}`}
          >
            重试
          </Button>
        ) : item.state === 'uploaded' && item.workId !== null && item.sameAs === null ? (
          <Link to={paths.publishWorkEdit(item.workId)}>编辑草稿</Link>
        ) : null,
    },
  ];

  return (
    <section className="folder-upload__queue" aria-label="上传队列">
      <header className="folder-upload__section-title">
        <h3>上传队列</h3>
        <div className="folder-upload__actions">
          {queue.paused ? (
            <Button
              icon={<PlayCircleOutlined />}
              loading={resume.isPending}
              onClick={() => resume.mutate(undefined, { onError })}
            >
              继续上传
            </Button>
          ) : (
            <Button
              icon={<PauseCircleOutlined />}
              loading={pause.isPending}
              onClick={() => pause.mutate(undefined, { onError })}
            >
              暂停
            </Button>
          )}
          <Button
            icon={<ReloadOutlined />}
            disabled={totals.failed === 0}
            onClick={() => retry.mutate(RETRY_ALL_FAILED, { onError })}
          >
            全部重试
          </Button>
        </div>
      </header>
      {queue.pauseReason === 'signed-out' ? (
        <Alert type="warning" showIcon title="未登录或登录已失效：登录后，队列会自动继续上传" />
      ) : queue.paused ? (
        <Alert type="info" showIcon title="已暂停：正在发送的文件会传完，其余等待继续" />
      ) : null}
      <div className="folder-upload__totals" data-testid="upload-totals">
        <Statistic title="全部" value={totals.total} />
        <Statistic title="等待" value={totals.queued} />
        <Statistic title="处理中" value={totals.preparing + totals.uploading} />
        <Statistic title="已上传" value={totals.uploaded} />
        <Statistic title="失败" value={totals.failed} />
        <Statistic title="速度" value={formatSpeed(totals.bytesPerSecond)} />
        <Statistic title="每分钟完成" value={totals.filesPerMinute} suffix="个" />
      </div>
      <Table<UploadQueueItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: '队列是空的：往监视的文件夹里放入图片即可开始上传' }}
      />
    </section>
  );
}
