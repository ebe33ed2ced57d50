import { Button, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { AvatarInitial } from '../../../components/avatar-initial';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { paths } from '../../../config/paths';
import { useDesignerInfo } from '../api/get-designer-info';
import { DesignerBadges } from './designer-badges';
import { FollowDesignerButton } from './follow-designer-button';
import './designers.css';

/** Head of /tawDesigner/{userId}.html: who the designer is, their numbers and 关注. */
export function DesignerGalleryHeader({ userId }: { userId: number }) {
  const { data, isPending, isError, error, refetch } = useDesignerInfo(userId);
  if (isError && isNotFoundError(error)) return <NotFoundPage />;
  if (isError)
    return <LoadError title="设计师信息加载失败" error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Skeleton active avatar paragraph={{ rows: 2 }} />;
  return (
    <section className="gallery-header" data-testid="gallery-header">
      <AvatarInitial name={data.userName} src={data.headImg} size={88} />
      <div className="gallery-header__main">
        <h2>
          {data.userName}
          <DesignerBadges designer={data} />
        </h2>
        <p>{data.intro || '这位设计师还没有写简介'}</p>
        <p>彩虹号 {data.caiHongID}</p>
      </div>
      <div className="gallery-header__stats">
        <div>
          <strong>{data.workCount}</strong>
          <span>作品</span>
        </div>
        <div>
          <strong>{data.followerCount}</strong>
          <span>粉丝</span>
        </div>
        <div>
          <strong>{data.saleCount}</strong>
          <span>销量</span>
        </div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <FollowDesignerButton userId={data.userId} followed={data.isFollowed} size="large" />
        {data.hasHall ? (
          <Link to={paths.enterpriseHall(data.userId)}>
            <Button ghost block>
              企业展厅
            </Button>
          </Link>
        ) : null}
      </div>
    </section>
  );
}
