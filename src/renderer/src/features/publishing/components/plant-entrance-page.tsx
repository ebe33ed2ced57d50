import {
  CloudOutlined,
  DesktopOutlined,
  FileImageOutlined,
  FolderOpenOutlined,
} from '@ant-design/icons';
import { Button, Card, Spin, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DesktopDownloadCard } from '../../../components/desktop-download/desktop-download-card';
import { LoadError } from '../../../components/load-state';
import { APP_VERSION } from '../../../config/build-info';
import { paths } from '../../../config/paths';
import { useMyCreations } from '../api/get-my-creations';
import { PUBLISH_PARTS } from '../lib/publish-parts';
import './publishing.css';

const STEPS = [
  '上传图案',
  '完善标题、品类与授权价格',
  '平台查重审核',
  '上架销售，每笔获得 70% 收入',
];

const DESKTOP_FORMATS = 'PNG、JPG、WebP、TIFF';

type PlantEntrancePageProps = {
  /** §6 A settled designer (settleStatus 1) publishes; anyone else is sent to settle in first. */
  settled: boolean;
  /** Running in the desktop client, which has the watched-folder upload. */
  desktop: boolean;
  /** The design cloud's address (DESIGN_CLOUD_URL via Support/GetBasicInfo); null hides its card. */
  designCloudUrl?: string | null;
};

function ToolCard({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card className="plant-entrance__tool" title={title} extra={icon}>
      <div className="plant-entrance__tool-body">{children}</div>
      <div className="plant-entrance__tool-action">{action}</div>
    </Card>
  );
}

/** The signed-in settled designer's works at a glance (GetMyCreations' counts). */
function MyWorkStats() {
  const navigate = useNavigate();
  const works = useMyCreations({ pageIndex: 1, pageSize: 1 });
  const counts = works.data?.counts;
  return (
    <section className="plant-entrance__stats" aria-label="我的作品">
      <h2>我的作品</h2>
      {works.isError ? (
        <LoadError
          title="作品数据加载失败"
          error={works.error}
          onRetry={() => void works.refetch()}
        />
      ) : !counts ? (
        <Spin />
      ) : (
        <div className="plant-entrance__stat-row">
          <Statistic title="作品总数" value={counts.all} />
          <Statistic title="审核中" value={counts.review} />
          <Statistic title="已发布" value={counts.published} />
          <Statistic title="草稿" value={counts.draft} />
          <Button onClick={() => void navigate(paths.user.mywork)}>作品管理</Button>
        </div>
      )}
    </section>
  );
}

/**
 * /plantEntrance (footer 设计工具): what the designer tools are and the way into each — single and
 * batch publishing, the desktop client's folder upload, the design cloud — with the settled
 * designer's own figures and the publish parts that have pages of their own.
 */
export function PlantEntrancePage({
  settled,
  desktop,
  designCloudUrl = null,
}: PlantEntrancePageProps) {
  const navigate = useNavigate();
  // §2/§4 Publishing opens in a new tab for a settled designer; anyone else settles in first.
  const publish = (path: string) => {
    if (settled) window.open(path, '_blank', 'noopener');
    else void navigate(paths.applicationSpread);
  };

  return (
    <section className="apply-intro plant-entrance" aria-label="设计工具">
      <div className="apply-intro__hero plant-entrance__hero">
        <h1>设计工具</h1>
        <p>
          从上传到上架，纹样为设计师准备了网页发布、批量发布和桌面客户端：图案审核通过即可被企业授权使用，销售收入随时可查。
        </p>
        <Button type="primary" size="large" onClick={() => publish(paths.publishWork)}>
          发布作品
        </Button>
        {settled ? null : (
          <p className="plant-entrance__hero-note">还没有入驻？发布作品前请先完成设计师入驻。</p>
        )}
      </div>

      {settled ? <MyWorkStats /> : null}

      <div className="plant-entrance__tools">
        <ToolCard
          icon={<FileImageOutlined />}
          title="发布作品"
          action={<Button onClick={() => publish(paths.publishWork)}>发布作品</Button>}
        >
          单张上传图案，逐项填写标题、品类、风格、标签与授权价格；草稿自动保存，提交后平台审核上架。
        </ToolCard>
        <ToolCard
          icon={<FolderOpenOutlined />}
          title="批量发布"
          action={<Button onClick={() => publish(paths.publishWorkBatch)}>批量发布</Button>}
        >
          一次选择最多 50 张图案，填写共同信息后逐张微调，一键存为草稿或提交审核。
        </ToolCard>
        <ToolCard
          icon={<DesktopOutlined />}
          title="纹样桌面端"
          action={
            desktop ? (
              <>
                <Button onClick={() => void navigate(paths.user.localUpload())}>上传文件夹</Button>
                {/* The running client's version; a newer one arrives by the in-app update. */}
                <span className="plant-entrance__version">
                  当前版本 {APP_VERSION ? `v${APP_VERSION}` : '—'}
                </span>
              </>
            ) : null
          }
        >
          <p>
            上传文件夹：监视你常用的文件夹，新放入或修改的设计稿（{DESKTOP_FORMATS}
            ）会自动检查、生成预览并上传为草稿；相同内容只上传一次，断网或退出后会接着上传。
          </p>
          {/* In the browser: the installer for this system, the others, and how to check them. */}
          {desktop ? null : <DesktopDownloadCard />}
        </ToolCard>
        {designCloudUrl ? (
          <ToolCard
            icon={<CloudOutlined />}
            title="设计云"
            action={
              <Button href={designCloudUrl} target="_blank" rel="noopener noreferrer">
                打开设计云
              </Button>
            }
          >
            纹样的设计云平台，在新标签页中打开；在那里完成的设计稿，可以回到这里发布销售。
          </ToolCard>
        ) : null}
      </div>

      {settled ? (
        <nav className="plant-entrance__parts" aria-label="发布辅助">
          <h2>发布辅助</h2>
          {PUBLISH_PARTS.map((p) => (
            <Button key={p.part} type="link" onClick={() => publish(paths.publishPart(p.part))}>
              {p.title}
            </Button>
          ))}
        </nav>
      ) : null}

      <ol className="apply-intro__steps" aria-label="发布流程">
        {STEPS.map((s, i) => (
          <li key={s}>
            <span className="apply-intro__step-no">{i + 1}</span>
            {s}
          </li>
        ))}
      </ol>
    </section>
  );
}
