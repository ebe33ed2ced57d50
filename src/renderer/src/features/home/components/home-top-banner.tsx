import { CloseOutlined } from '@ant-design/icons';
import { Carousel } from 'antd';
import { useState } from 'react';
import { HOME_BANNER } from '@shared/constants';
import { serverUrl } from '../../../lib/platform';
import { useHomeBanners } from '../api/get-home-banners';

/** §2/§9 The optional top advertising carousel of the home page: 60px, vertical, every 5000 ms, closable. */
export function HomeTopBanner() {
  const { data: banners } = useHomeBanners();
  const [closed, setClosed] = useState(false);
  if (closed || !banners || banners.length === 0) return null;
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
        {banners.map((b) => (
          <a
            key={b.bannerId}
            href={b.linkUrl}
            target={b.linkTarget}
            rel={b.linkTarget === '_blank' ? 'noopener noreferrer' : undefined}
          >
            <img src={serverUrl(b.bannerUrl)} alt="" style={{ height: HOME_BANNER.heightPx }} />
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
