import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Spin } from 'antd';
import type { DesktopRelease } from '@shared/contract/desktop-releases';
import { MSG } from '@shared/messages';
import { useDesktopReleases } from '../../api/get-desktop-releases';
import { chinaDateText } from '../../lib/china-date';
import { copyText } from '../../lib/clipboard';
import { serverUrl } from '../../lib/platform';
import { LoadError } from '../load-state';
import { PLATFORM_LABELS, sizeInMb, visitorPlatform } from './visitor-platform';
import type { NavigatorLike } from './visitor-platform';
import './desktop-download.css';

/** The published installer's facts: version, size, date and a SHA-256 to check the download with. */
function ReleaseFacts({ release }: { release: DesktopRelease }) {
  const { message } = App.useApp();
  const copy = () =>
    copyText(release.sha256).then(
      () => void message.success(MSG.copySuccess),
      () => void message.error(MSG.operationFailed),
    );
  return (
    <dl className="desktop-download__facts">
      <div>
        <dt>版本</dt>
        <dd>v{release.version}</dd>
      </div>
      <div>
        <dt>大小</dt>
        <dd>{sizeInMb(release.size)}</dd>
      </div>
      <div>
        <dt>发布日期</dt>
        <dd>{chinaDateText(release.releaseDate)}</dd>
      </div>
      <div className="desktop-download__sha">
        <dt>SHA-256</dt>
        <dd>
          <code>{release.sha256}</code>
          <Button
            size="small"
            type="link"
            onClick={() => void copy()}
            aria-label={`复制 ${PLATFORM_LABELS[release.platform].name} 安装包的 SHA-256`}
          >
            复制
          </Button>
        </dd>
      </div>
    </dl>
  );
}

type DesktopDownloadCardProps = {
  /** The browser to read the visitor's system from (tests give their own). */
  navigator?: NavigatorLike;
};

/**
 * The desktop client's installers, as the marketplace publishes them (Desktop/GetReleases): the
 * visitor's own system first, the others below, each with what is needed to check the file.
 */
export function DesktopDownloadCard({
  navigator: nav = window.navigator,
}: DesktopDownloadCardProps) {
  const releases = useDesktopReleases();
  if (releases.isPending) return <Spin />;
  if (releases.isError) {
    return (
      <LoadError
        title="安装包信息加载失败"
        error={releases.error}
        onRetry={() => void releases.refetch()}
      />
    );
  }
  const list = releases.data.releases;
  if (list.length === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title="桌面客户端安装包即将发布"
        description="Windows、macOS 与 Linux 安装包发布后即可在这里下载；在浏览器里可以先使用网页批量发布。"
      />
    );
  }
  const platform = visitorPlatform(nav);
  const mine = list.find((r) => r.platform === platform);
  const others = list.filter((r) => r !== mine);
  const notes = (mine ?? list[0])?.releaseNotes ?? '';
  return (
    <section className="desktop-download" aria-label="下载纹样桌面端">
      {mine ? (
        <div className="desktop-download__mine">
          <Button
            type="primary"
            size="large"
            icon={<DownloadOutlined />}
            href={serverUrl(mine.downloadUrl)}
            download={mine.fileName}
          >
            下载 {PLATFORM_LABELS[mine.platform].name} 版
          </Button>
          <ReleaseFacts release={mine} />
        </div>
      ) : (
        <p className="desktop-download__pick">请选择你的系统下载：</p>
      )}
      {others.length > 0 ? (
        <ul className="desktop-download__others" aria-label={mine ? '其他系统' : '全部系统'}>
          {others.map((r) => (
            <li key={r.platform}>
              <a href={serverUrl(r.downloadUrl)} download={r.fileName}>
                {PLATFORM_LABELS[r.platform].name} {PLATFORM_LABELS[r.platform].file}
              </a>
              <ReleaseFacts release={r} />
            </li>
          ))}
        </ul>
      ) : null}
      {notes ? (
        <div className="desktop-download__notes">
          <h3>更新说明</h3>
          <p>{notes}</p>
        </div>
      ) : null}
    </section>
  );
}
