import { HomeSections } from '../../features/home/components/home-sections';

/** Home `/` and `/{activeIndex}`. */
export function HomeRoute() {
  return (
    <div className="page-container home-page">
      <HomeSections />
    </div>
  );
}
