import { RightOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import { HEADER_TYPE } from '@shared/constants';
import type { HomeSection } from '@shared/contract/home';
import { WorkCard, WorkCardSkeleton } from '../../../components/work-card';
import { ThemeCard } from '../../../components/theme-card';
import { paths } from '../../../config/paths';
import { useHomeInfo } from '../api/get-home-info';

/** Where each section's 查看更多 leads: 趋势爆款, then /work by header type. */
const MORE_HREF: Record<HomeSection['key'], string> = {
  hot: paths.trendPop,
  exclusive: paths.workByHeaderType(HEADER_TYPE.categoryExclusive),
  materials: paths.workByHeaderType(HEADER_TYPE.materials),
};

/** What GetHomeInfo answers on every home page: three sections of ten works (home/routes.ts). */
const SECTION_COUNT = 3;
const SECTION_SIZE = 10;

/**
 * The home body before GetHomeInfo answers: the stats line and three sections of ten card places,
 * laid out exactly as the loaded sections, so 为你推荐 and 作品墙 below do not move (issue 16).
 */
function HomeSectionsSkeleton() {
  return (
    <div className="home-sections" aria-busy="true" data-testid="home-sections-skeleton">
      <p className="home-stats">
        <span className="home-section__placeholder">&nbsp;</span>
      </p>
      {Array.from({ length: SECTION_COUNT }, (_, s) => (
        <section key={s} className="home-section">
          <header className="home-section__header">
            <div>
              <h2>
                <span className="home-section__placeholder">&nbsp;</span>
              </h2>
              <p>
                <span className="home-section__placeholder">&nbsp;</span>
              </p>
            </div>
          </header>
          <div className="work-grid">
            {Array.from({ length: SECTION_SIZE }, (_, i) => (
              <WorkCardSkeleton key={i} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** The home page body: hot-sellers, category-exclusive, materials and themes, as GetHomeInfo returns them. */
export function HomeSections() {
  const { data, isPending, isError, error, refetch } = useHomeInfo();
  if (isPending) return <HomeSectionsSkeleton />;
  if (isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="首页内容加载失败"
        description={error.message}
        action={<Button onClick={() => void refetch()}>重试</Button>}
      />
    );
  }
  return (
    <div className="home-sections">
      <p className="home-stats" data-testid="home-stats">
        已有 <strong>{data.stats.works}</strong> 件可授权作品，
        <strong>{data.stats.designers}</strong> 位入驻设计师
      </p>
      {data.sections.map((section) => (
        <section
          key={section.key}
          className="home-section"
          data-testid={`home-section-${section.key}`}
        >
          <header className="home-section__header">
            <div>
              <h2>{section.title}</h2>
              <p>{section.subtitle}</p>
            </div>
            <Link to={MORE_HREF[section.key]} className="home-section__more">
              查看更多 <RightOutlined />
            </Link>
          </header>
          <div className="work-grid">
            {section.works.map((work) => (
              <WorkCard key={work.id} work={work} />
            ))}
          </div>
        </section>
      ))}
      {data.themes.length > 0 ? (
        <section className="home-section" data-testid="home-section-themes">
          <header className="home-section__header">
            <div>
              <h2>主题</h2>
              <p>按风格与用途整理的作品专题</p>
            </div>
            <Link to={paths.theme} className="home-section__more">
              查看更多 <RightOutlined />
            </Link>
          </header>
          <div className="theme-grid">
            {data.themes.map((theme) => (
              <ThemeCard key={theme.id} theme={theme} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
