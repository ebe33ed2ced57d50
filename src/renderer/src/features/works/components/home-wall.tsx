import { Button } from 'antd';
import { WorkGrid } from '../../../components/work-grid';
import { useHomeWall } from '../api/get-home-wall-list';
import './works.css';

/** Home 作品墙: the most collected works, loaded a page at a time. */
export function HomeWall() {
  const wall = useHomeWall();
  const works = wall.data?.pages.flatMap((p) => p.list);
  return (
    <section className="home-section" data-testid="home-section-wall">
      <div className="home-section__header">
        <div>
          <h2>作品墙</h2>
          <p>收藏最多的原创图案</p>
        </div>
      </div>
      <WorkGrid works={works} loading={wall.isPending} />
      {wall.hasNextPage ? (
        <div className="home-wall__more">
          <Button
            size="large"
            loading={wall.isFetchingNextPage}
            onClick={() => void wall.fetchNextPage()}
          >
            加载更多
          </Button>
        </div>
      ) : null}
    </section>
  );
}
