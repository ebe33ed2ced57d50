import { Button } from 'antd';
import { Link } from 'react-router-dom';
import type { DesignerProfile } from '@shared/contract/designers';
import { SETTLED_IN_GALLERY } from '@shared/contract/designers';
import { AvatarInitial } from '../../../components/avatar-initial';
import { paths } from '../../../config/paths';
import type { FollowChange } from '../api/follow-designer';
import { DesignerBadges } from './designer-badges';
import { FollowDesignerButton } from './follow-designer-button';
import './designers.css';

type DesignerCardProps = { designer: DesignerProfile; onChanged?: (change: FollowChange) => void };

/** The designer of a work: who they are, their numbers, 关注 and a way into their gallery or shop. */
export function DesignerCard({ designer, onChanged }: DesignerCardProps) {
  const gallery = designer.settledInType === SETTLED_IN_GALLERY;
  return (
    <section className="designer-card" aria-label="设计师" data-testid="designer-card">
      <div className="designer-card__top">
        <AvatarInitial name={designer.userName} src={designer.headImg} size={56} />
        <div style={{ minWidth: 0 }}>
          <div className="designer-card__name">
            <Link to={paths.designerGallery(designer.userId)}>{designer.userName}</Link>
            <DesignerBadges designer={designer} />
          </div>
          <div className="designer-card__intro">{designer.intro || '这位设计师还没有写简介'}</div>
        </div>
      </div>
      <div className="designer-card__stats">
        <div>
          <strong>{designer.workCount}</strong>
          <span>作品</span>
        </div>
        <div>
          <strong>{designer.followerCount}</strong>
          <span>粉丝</span>
        </div>
        <div>
          <strong>{designer.saleCount}</strong>
          <span>销量</span>
        </div>
      </div>
      <div className="designer-card__actions">
        <FollowDesignerButton
          userId={designer.userId}
          followed={designer.isFollowed}
          onChanged={onChanged}
        />
        <Link to={paths.designerGallery(designer.userId)}>
          <Button>{gallery ? '进入图库' : '进入店铺'}</Button>
        </Link>
        {designer.hasHall ? (
          <Link to={paths.enterpriseHall(designer.userId)}>
            <Button type="link">企业展厅</Button>
          </Link>
        ) : null}
      </div>
    </section>
  );
}
