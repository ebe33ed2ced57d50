import { Alert, Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import type { CategoryNode } from '@shared/contract/works';
import { DesktopDownloadCard } from '../../../components/desktop-download/desktop-download-card';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { desktopUploads } from '../../../lib/platform';
import { useUploadQueue } from '../api/upload-queue';
import { useWatchedFolders } from '../api/watched-folders';
import { AccountHoldNotice } from './account-hold-notice';
import { FolderDefaultsForm } from './folder-defaults-form';
import { UploadQueuePanel } from './upload-queue-panel';
import { WatchedFolderList } from './watched-folder-list';
import './folder-upload.css';

const TITLE = '上传文件夹';

/** In the browser: the folder upload lives in the desktop client; the web has its batch upload. */
export function DesktopRequiredNotice() {
  return (
    <div className="folder-upload" data-testid="folder-upload-web">
      <PageHeader title={TITLE} />
      <Result
        status="info"
        title="上传文件夹需要纹样桌面客户端"
        subTitle="在桌面客户端里添加要监视的文件夹，新放入或修改的设计稿会自动上传；浏览器里请使用网页批量上传。"
        extra={
          <Link to={paths.publishWorkUpload}>
            <Button>去网页批量上传</Button>
          </Link>
        }
      />
      <div className="folder-upload__download">
        <h2>下载纹样桌面端</h2>
        <DesktopDownloadCard />
      </div>
    </div>
  );
}

type FolderUploadPageProps = {
  /** The folder shown (the route's groupID), or null for all folders. */
  folderId: string | null;
  onSelectFolder: (folderId: string | null) => void;
  /** The category tree for the defaults form (Support/GetCategory). */
  categories: readonly CategoryNode[];
};

function FolderUploadDesktop({ folderId, onSelectFolder, categories }: FolderUploadPageProps) {
  const folders = useWatchedFolders();
  const queue = useUploadQueue();
  const selected = folders.data?.find((f) => f.id === folderId) ?? null;
  return (
    <div className="folder-upload" data-testid="folder-upload">
      <PageHeader
        title={TITLE}
        subtitle="放进监视文件夹的图片（PNG、JPG、WebP、TIFF）会自动检查、生成预览并上传；相同内容只上传一次，断电或退出后会接着上传。"
      />
      {folders.error ? (
        <LoadError
          title="无法读取监视的文件夹"
          error={folders.error}
          onRetry={() => void folders.refetch()}
        />
      ) : null}
      {folderId !== null && folders.data && !selected ? (
        <Alert type="warning" showIcon title="这个文件夹已不在监视列表中" />
      ) : null}
      <div className="folder-upload__layout">
        <aside className="folder-upload__side">
          <WatchedFolderList
            folders={folders.data}
            selectedId={selected?.id ?? null}
            onSelect={onSelectFolder}
          />
          {selected ? <FolderDefaultsForm folder={selected} categories={categories} /> : null}
        </aside>
        <main className="folder-upload__main">
          {queue.error ? (
            <LoadError
              title="无法读取上传队列"
              error={queue.error}
              onRetry={() => void queue.refetch()}
            />
          ) : (
            <>
              <AccountHoldNotice
                queue={queue.data}
                folders={folders.data ?? []}
                folderId={selected?.id ?? null}
              />
              <UploadQueuePanel
                queue={queue.data}
                folders={folders.data ?? []}
                folderId={selected?.id ?? null}
              />
            </>
          )}
        </main>
      </div>
    </div>
  );
}

/** 上传文件夹 (/user/myPattern/localUpload/:groupID?): watched folders upload by themselves (desktop only). */
export function FolderUploadPage(props: FolderUploadPageProps) {
  return desktopUploads() ? <FolderUploadDesktop {...props} /> : <DesktopRequiredNotice />;
}
