import {
  EyeOutlined,
  FireOutlined,
  HeartOutlined,
  ShareAltOutlined,
  ShoppingOutlined,
  ZoomInOutlined,
} from '@ant-design/icons';
import { App, Breadcrumb, Button, Image, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HEADER_TYPE } from '@shared/constants';
import type { WorkDetail } from '@shared/contract/works';
import { PREVIEW_SIZES, PREVIEW_WIDTHS } from '@shared/image-variants';
import { MSG } from '@shared/messages';
import { COLOUR_SWATCHES } from '@shared/rules/colour-swatch';
import { imageSources } from '../../../components/responsive-image';
import { WorkGrid } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { copyText } from '../../../lib/clipboard';
import { serverUrl } from '../../../lib/platform';
import type { SaveOriginal } from '../../../lib/save-original';
import { useHotCreationInfo } from '../api/get-hot-creation-info';
import { LicenceTable } from './licence-table';
import './works.css';

type WorkDetailViewProps = {
  detail: WorkDetail;
  /** The collect control (collections feature). */
  collectAction: ReactNode;
  /** The designer card with its follow button (designers feature). */
  designerCard: ReactNode;
  /** Saves a licensed original under the download settings (downloads feature). */
  saveOriginal: SaveOriginal;
};

const swatchByKey = new Map<string, (typeof COLOUR_SWATCHES)[number]>(
  COLOUR_SWATCHES.map((s) => [s.key, s]),
);

/** Share: copies the page's address and says 复制成功. */
function ShareButton({ id }: { id: number }) {
  const { message } = App.useApp();
  const share = () => {
    const url = new URL(paths.workDetail(id), window.location.origin).toString();
    copyText(url).then(
      () => void message.success(MSG.copySuccess),
      () => void message.error(MSG.operationFailed),
    );
  };
  return (
    <Button icon={<ShareAltOutlined />} onClick={share}>
      分享
    </Button>
  );
}

function HotRanks({ id }: { id: number }) {
  const { data } = useHotCreationInfo(id);
  if (!data || data.ranks.length === 0) return null;
  return (
    <div className="hot-badge">
      {data.ranks.map((r) => (
        <Link key={r.period} to={paths.trendDetail(r.trendId)}>
          <Tag color="volcano" icon={<FireOutlined />}>
            {r.title} 第 {r.rank} 名
          </Tag>
        </Link>
      ))}
    </div>
  );
}

/** /work/detail: the large watermarked preview with zoom, facts, licence prices and
 * ordering (立即授权, 下载原图 once licensed), designer and similar works. */
export function WorkDetailView({
  detail,
  collectAction,
  designerCard,
  saveOriginal,
}: WorkDetailViewProps) {
  const listing =
    detail.headerType === HEADER_TYPE.materials
      ? HEADER_TYPE.materials
      : HEADER_TYPE.categoryExclusive;
  const listingTitle = listing === HEADER_TYPE.materials ? '素材' : '品类独家';
  // The preview is WebP already (800 wide): smaller WebP copies for a narrower column.
  const previewSources = imageSources(detail.previewUrl, PREVIEW_WIDTHS);
  return (
    <div className="page-container work-detail-page" data-testid="work-detail">
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[
          { title: <Link to={paths.home}>首页</Link> },
          { title: <Link to={paths.workByHeaderType(listing)}>{listingTitle}</Link> },
          ...detail.categoryPath.map((c) => ({
            title: (
              <Link to={paths.workFiltered({ headerType: listing, kid: c.kid })}>{c.title}</Link>
            ),
          })),
          { title: detail.title },
        ]}
      />
      <div className="work-detail">
        <div className="work-detail__preview">
          {/* The preview keeps the work's proportions: its box is there before the picture. */}
          <div
            className="work-detail__frame"
            style={{ aspectRatio: `${detail.width || 1} / ${detail.height || 1}` }}
          >
            <Image
              src={serverUrl(detail.previewUrl)}
              srcSet={previewSources?.webp}
              sizes={previewSources ? PREVIEW_SIZES : undefined}
              alt={detail.title}
              fetchPriority="high"
              preview={{
                cover: (
                  <span>
                    <ZoomInOutlined /> 点击放大查看
                  </span>
                ),
              }}
            />
          </div>
          <div className="work-detail__hint">
            <span>预览图带水印，授权后可下载无水印原图</span>
            <span>
              {detail.width} × {detail.height} px
            </span>
          </div>
        </div>
        <div className="work-detail__info">
          <section className="work-detail__panel">
            <HotRanks id={detail.id} />
            <h1 className="work-detail__title">{detail.title}</h1>
            <div className="work-detail__stats">
              <span>
                <EyeOutlined /> 浏览 {detail.viewCount}
              </span>
              <span>
                <HeartOutlined /> 收藏 {detail.favouriteCount}
              </span>
              <span>
                <ShoppingOutlined /> 已售 {detail.saleCount}
              </span>
              {detail.status !== 'published' ? <Tag color="orange">未发布</Tag> : null}
            </div>
            <dl className="work-detail__facts">
              <dt>作品编号</dt>
              <dd>{detail.id}</dd>
              <dt>品类</dt>
              <dd>{detail.categoryPath.map((c) => c.title).join(' / ')}</dd>
              <dt>风格</dt>
              <dd>
                <Link to={paths.workFiltered({ headerType: listing, style: detail.style })}>
                  {detail.styleTitle}
                </Link>
              </dd>
              <dt>拼接方式</dt>
              <dd>{detail.isSeamless ? '四方连续（可无缝拼接）' : '定位花'}</dd>
              <dt>颜色</dt>
              <dd>
                {detail.swatches.map((key) => {
                  const swatch = swatchByKey.get(key);
                  return swatch ? (
                    <Link
                      key={key}
                      to={paths.workFiltered({ headerType: listing, color: key })}
                      title={`更多${swatch.name}色作品`}
                      style={{ marginRight: 10 }}
                    >
                      <span className="work-detail__swatch" style={{ background: swatch.hex }} />
                      {swatch.name}
                    </Link>
                  ) : null;
                })}
              </dd>
              {detail.series ? (
                <>
                  <dt>系列</dt>
                  <dd>
                    <Link
                      to={`${paths.designerGallery(detail.designerId)}?tab=series&seriesId=${detail.series.id}`}
                    >
                      {detail.series.title}
                    </Link>
                  </dd>
                </>
              ) : null}
              {detail.themes.length > 0 ? (
                <>
                  <dt>所属主题</dt>
                  <dd>
                    {detail.themes.map((t) => (
                      <Link key={t.id} to={paths.themeDetail(t.id)} style={{ marginRight: 10 }}>
                        {t.title}
                      </Link>
                    ))}
                  </dd>
                </>
              ) : null}
              <dt>发布时间</dt>
              <dd>{detail.publishedAt ? dayjs(detail.publishedAt).format('YYYY-MM-DD') : '—'}</dd>
            </dl>
            <div style={{ marginBottom: 16 }}>
              {detail.tags.map((tag) => (
                <Link key={tag} to={paths.wordSearchFor(tag)}>
                  <Tag>{tag}</Tag>
                </Link>
              ))}
            </div>
            <div className="work-detail__actions">
              {collectAction}
              <ShareButton id={detail.id} />
            </div>
          </section>
          <section className="work-detail__panel" aria-label="授权价格">
            <h3 style={{ margin: '0 0 12px' }}>授权方式与价格</h3>
            <LicenceTable
              creationId={detail.id}
              title={detail.title}
              headerType={detail.headerType}
              licences={detail.licences}
              saveOriginal={saveOriginal}
            />
          </section>
          {designerCard}
        </div>
      </div>
      {detail.description ? (
        <section className="work-detail__section">
          <h3>作品描述</h3>
          <div className="work-detail__panel">{detail.description}</div>
        </section>
      ) : null}
      {detail.seriesWorks.length > 0 ? (
        <section className="work-detail__section">
          <h3>同系列作品</h3>
          <WorkGrid works={detail.seriesWorks.slice(0, 5)} />
        </section>
      ) : null}
      <section className="work-detail__section" data-testid="similar-works">
        <h3>相似作品</h3>
        <WorkGrid works={detail.similar} emptyText="暂无相似作品" />
      </section>
    </div>
  );
}
