import { Button, Empty, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { FollowTarget, FollowedItem } from '@shared/contract/collections';
import { AvatarInitial, CoverMosaic } from '../../../components/avatar-initial';
import { LoadError } from '../../../components/load-state';
import { PageHeader } from '../../../components/page-header';
import { GridPager } from '../../../components/work-grid';
import { paths } from '../../../config/paths';
import { useMyFollow } from '../api/get-my-follow';
import './collections.css';

const PAGE_SIZE = 10;

type MyConcernViewProps = {
  /** The unfollow control of a row (designers or enterprise feature). */
  unfollowAction: (item: FollowedItem) => ReactNode;
};

/** /user/myConcern: designers and enterprise halls I follow. */
export function MyConcernView({ unfollowAction }: MyConcernViewProps) {
  const [params, setParams] = useSearchParams();
  const tab: FollowTarget = params.get('type') === 'hall' ? 'hall' : 'designer';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const follows = useMyFollow(tab, page, PAGE_SIZE);
  const href = (item: FollowedItem) =>
    item.targetType === 'hall'
      ? paths.enterpriseHall(item.userId)
      : paths.designerGallery(item.userId);
  return (
    <div className="user-page" data-testid="my-concern">
      <PageHeader title="我的关注" />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'hall' ? { type: 'hall' } : {})}
        items={[
          { key: 'designer', label: `设计师（${follows.data?.designerCount ?? 0}）` },
          { key: 'hall', label: `企业展厅（${follows.data?.hallCount ?? 0}）` },
        ]}
      />
      {follows.isPending ? <Skeleton active avatar /> : null}
      {follows.isError ? (
        <LoadError
          title="关注加载失败"
          error={follows.error}
          onRetry={() => void follows.refetch()}
        />
      ) : null}
      {follows.data && follows.data.list.length === 0 ? (
        <Empty description={tab === 'hall' ? '还没有关注企业展厅' : '还没有关注设计师'}>
          <Link to={tab === 'hall' ? paths.enterprise : paths.tawDesigner}>
            <Button type="primary">{tab === 'hall' ? '去看看企业展厅' : '去发现设计师'}</Button>
          </Link>
        </Empty>
      ) : null}
      {follows.data?.list.map((item) => (
        <div
          key={`${item.targetType}-${item.userId}`}
          className="follow-row"
          data-testid="follow-row"
        >
          <Link to={href(item)}>
            <AvatarInitial name={item.name} src={item.headImg} size={56} />
          </Link>
          <div className="follow-row__main">
            <Link to={href(item)}>
              <strong>{item.name}</strong>
            </Link>
            <p>{item.intro}</p>
            <p>
              {item.workCount} 件作品 · {item.followerCount} 粉丝
            </p>
          </div>
          <div className="follow-row__covers">
            <CoverMosaic covers={item.covers} alt={item.name} />
          </div>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Link to={href(item)}>
              <Button block>{item.targetType === 'hall' ? '进入展厅' : '进入主页'}</Button>
            </Link>
            {unfollowAction(item)}
          </div>
        </div>
      ))}
      <GridPager
        page={page}
        pageSize={PAGE_SIZE}
        total={follows.data?.total ?? 0}
        unit={tab === 'hall' ? '个展厅' : '位设计师'}
        onChange={(next) =>
          setParams((current) => {
            const p = new URLSearchParams(current);
            p.set('page', String(next));
            return p;
          })
        }
      />
    </div>
  );
}
