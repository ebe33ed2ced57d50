import { CloseOutlined } from '@ant-design/icons';
import { Carousel } from '../../../components/lazy-carousel';
import { useState } from 'react';
import { HOME_BANNER } from '@shared/constants';
import { BANNER_SIZES, BANNER_WIDTHS } from '@shared/image-variants';
import { BANNER_ART, ResponsiveImage } from '../../../components/responsive-image';
import { useHomeBanners } from '../api/get-home-banners';

/** §2/§9 The optional top advertising carousel of the home page: 60px, vertical, every 5000 ms, closable. */
export function HomeTopBanner() {
  const { data: banners, isPending } = useHomeBanners();
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  // Its 60px are held while the banners load, so the header and page do not drop when they come.
  if (isPending) {
    return (
      <div
        className="home-top-banner"
        style={{ height: HOME_BANNER.heightPx }}
        aria-hidden="true"
        data-testid="home-top-banner-placeholder"
      />
    );
  }
  if (!banners || banners.length === 0) return null;
  return (
    <div
      className="home-top-banner"
      style={{ height: HOME_BANNER.heightPx }}
      data-testid="home-top-banner"
    >
      <Carousel
        autoplay
        autoplaySpeed={HOME_BANNER.intervalMs}
        dotPlacement="end"
        vertical={HOME_BANNER.vertical}
        dots={false}
      >
        {banners.map((b, i) => (
          <a
            key={b.bannerId}
            href={b.linkUrl}
            target={b.linkTarget}
            rel={b.linkTarget === '_blank' ? 'noopener noreferrer' : undefined}
          >
            <ResponsiveImage
              src={b.bannerUrl}
              alt=""
              width={BANNER_ART.width}
              height={BANNER_ART.height}
              widths={BANNER_WIDTHS}
              sizes={BANNER_SIZES}
              priority={i === 0}
              style={{ height: HOME_BANNER.heightPx }}
            />
            <span className="home-top-banner__title">{b.title}</span>
          </a>
        ))}
      </Carousel>
      <button
        type="button"
        className="home-top-banner__close"
        aria-label="关闭广告"
        onClick={() => setClosed(true)}
      >
        <CloseOutlined />
      </button>
    </div>
  );
}
