import { Alert, Button, Descriptions, Image, Skeleton, Space, Tag } from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { paths } from '../../../config/paths';
import { useFolkDetails, useLikeFolkWork } from '../api/folk-works';
import { folkSearchPath } from '../lib/folk-search-params';

export const folkIntentionPath = (workId: number) =>
  `${paths.southwestFolk}/authorizationForm?workIds=${workId}`;

/** /southwestFolk/southwestParent/{id} and worksDetailPage?id=: the work and its cultural note. */
export function FolkDetail({ id }: { id: number }) {
  const detail = useFolkDetails(id);
  const like = useLikeFolkWork(id);
  const navigate = useNavigate();
  if (!(id > 0)) return <NotFoundPage />;
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (detail.isError) {
    return isNotFoundError(detail.error) ? (
      <NotFoundPage />
    ) : (
      <LoadError title="作品加载失败" error={detail.error} />
    );
  }
  const w = detail.data;
  return (
    <article className="folk-detail">
      <div className="folk-detail__image">
        <Image src={w.zoom} alt={w.title} width={520} preview={{ mask: '点击放大查看细节' }} />
        <p className="folk-detail__hint">预览带水印，授权后提供高清原图</p>
      </div>
      <div className="folk-detail__info">
        <h1>{w.title}</h1>
        <Space wrap>
          {w.tags.map((t) => (
            <Link key={t.id} to={folkSearchPath({ tagId: t.id })}>
              <Tag>{t.name}</Tag>
            </Link>
          ))}
        </Space>
        <Descriptions column={1} size="small" className="folk-detail__facts">
          <Descriptions.Item label="民族">{w.people}</Descriptions.Item>
          <Descriptions.Item label="工艺">{w.craft}</Descriptions.Item>
          <Descriptions.Item label="产地">{w.origin}</Descriptions.Item>
          <Descriptions.Item label="传承来源">{w.inheritor}</Descriptions.Item>
          <Descriptions.Item label="发布">{w.designerName}</Descriptions.Item>
        </Descriptions>
        <section>
          <h2>纹样寓意</h2>
          <p>{w.motifMeaning}</p>
        </section>
        <section>
          <h2>文化说明</h2>
          <p>{w.note}</p>
        </section>
        {like.isError ? <Alert type="error" showIcon title={like.error.message} /> : null}
        <Space size="middle">
          <Button
            aria-pressed={w.liked}
            icon={w.liked ? <HeartFilled /> : <HeartOutlined />}
            loading={like.isPending}
            onClick={() => like.mutate(!w.liked)}
          >
            {w.liked ? '已点赞' : '点赞'} {w.likeCount}
          </Button>
          <Button type="primary" onClick={() => void navigate(folkIntentionPath(w.id))}>
            申请授权
          </Button>
        </Space>
      </div>
    </article>
  );
}
