import { EditOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { HallInfo } from '@shared/contract/enterprise';
import { AvatarInitial } from '../../../components/avatar-initial';
import { LoadError, isNotFoundError } from '../../../components/load-state';
import { NotFoundPage } from '../../../components/not-found-page';
import { paths } from '../../../config/paths';
import { serverUrl } from '../../../lib/platform';
import { useHallInfo } from '../api/get-enterprise-hall-basic-info';
import { FollowHallButton } from './follow-hall-button';
import './enterprise.css';

export type HallSection = 'home' | 'works' | `channel-${number}`;

type HallFrameProps = {
  userId: number;
  /** The hall's tab this page is (a function when it depends on the hall, e.g. its first channel). */
  active: HallSection | ((hall: HallInfo) => HallSection);
  children: (hall: HallInfo) => ReactNode;
};

/** Every hall page: the hero (name, area, contact, 关注, 编辑展厅 for the owner), the hall's tabs, then the page. */
export function HallFrame({ userId, active: activeOf, children }: HallFrameProps) {
  const { data: hall, isPending, isError, error, refetch } = useHallInfo(userId);
  const navigate = useNavigate();
  if (isError && isNotFoundError(error)) return <NotFoundPage />;
  const active: HallSection | undefined =
    typeof activeOf === 'function' ? (hall ? activeOf(hall) : undefined) : activeOf;
  return (
    <div className="page-container hall-page">
      {isError ? (
        <LoadError title="展厅加载失败" error={error} onRetry={() => void refetch()} />
      ) : null}
      {isPending ? <Skeleton active avatar paragraph={{ rows: 3 }} /> : null}
      {hall ? (
        <>
          <section
            className={active === 'home' ? 'hall-hero' : 'hall-hero hall-hero--compact'}
            style={{
              backgroundImage: hall.bannerUrl ? `url(${serverUrl(hall.bannerUrl)})` : undefined,
            }}
            data-testid="hall-hero"
          >
            <div className="hall-hero__body">
              <AvatarInitial
                name={hall.name}
                src={hall.headImg}
                size={active === 'home' ? 80 : 56}
              />
              <div className="hall-hero__main">
                <h2>{hall.name}</h2>
                {active === 'home' ? <p>{hall.intro}</p> : null}
                <p>
                  {hall.areaPath ? (
                    <>
                      <EnvironmentOutlined /> {hall.areaPath}
                      <span className="hall-hero__gap" />
                    </>
                  ) : null}
                  {hall.contact ? (
                    <>
                      <PhoneOutlined /> {hall.contact}
                      <span className="hall-hero__gap" />
                    </>
                  ) : null}
                  {hall.workCount} 件作品 · {hall.followerCount} 人关注
                </p>
              </div>
              <div style={{ display: 'flex', gap: 10 }}>
                {hall.isOwner ? (
                  <Link to={paths.enterpriseEdit(hall.userId)}>
                    <Button ghost icon={<EditOutlined />}>
                      编辑展厅
                    </Button>
                  </Link>
                ) : (
                  <FollowHallButton userId={hall.userId} followed={hall.isFollowed} size="large" />
                )}
              </div>
            </div>
          </section>
          <nav className="hall-nav" aria-label="展厅导航">
            <Tabs
              activeKey={active}
              onChange={(key) => {
                if (key === 'home') void navigate(paths.enterpriseHall(hall.userId));
                else if (key === 'works') void navigate(paths.enterpriseWorks(hall.userId));
                else
                  void navigate(
                    paths.enterpriseChannel(hall.userId, Number(key.slice('channel-'.length))),
                  );
              }}
              items={[
                { key: 'home', label: '展厅首页' },
                { key: 'works', label: '全部作品' },
                ...hall.channels.map((c) => ({
                  key: `channel-${c.id}`,
                  label: `${c.title}（${c.workCount}）`,
                })),
              ]}
            />
          </nav>
          {children(hall)}
        </>
      ) : null}
    </div>
  );
}
