import { Children } from 'react';
import type { CarouselProps } from 'antd';
import { lazyComponent } from '../lib/lazy-component';

/**
 * antd's Carousel (react-slick underneath), loaded on first render: only the home page's top banner
 * rotates, so no page pays for the slider in its initial JavaScript. Until it loads, the first slide
 * shows in its place (the banner's box has a fixed height, so nothing moves).
 */
export const Carousel = lazyComponent<CarouselProps>(
  () => import('antd/es/carousel').then((m) => m.default),
  ({ children }) => <div className="lazy-carousel__first">{Children.toArray(children)[0]}</div>,
);
