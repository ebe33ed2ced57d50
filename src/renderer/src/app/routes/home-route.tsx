import { DiscoverLinks } from '../../components/discover-links';
import { HomeSections } from '../../features/home/components/home-sections';
import { HomeRecommend } from '../../features/works/components/home-recommend';
import { HomeWall } from '../../features/works/components/home-wall';

/** Home `/` and `/{activeIndex}`. */
export function HomeRoute() {
  return (
    <div className="page-container home-page">
      <DiscoverLinks />
      <HomeSections />
      <HomeRecommend />
      <HomeWall />
    </div>
  );
}
