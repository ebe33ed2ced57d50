import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorkCard as WorkCardData } from '@shared/contract/common';
import { renderWithApp } from '../test/render-with-app';
import { ResponsiveImage } from './responsive-image';
import { ThemeCard, ThemeCardSkeleton } from './theme-card';
import { WorkGrid } from './work-grid';

const work = (id: number, width = 1200, height = 900): WorkCardData => ({
  id,
  title: `云纹 ${id}`,
  thumbUrl: `/files/public/works/w${id}/thumb-400.webp`,
  previewUrl: `/files/public/works/w${id}/preview-800.webp`,
  width,
  height,
  designerId: 1,
  designerName: '设计师',
  categoryKid: 100,
  categoryTitle: '服装面料',
  headerType: 3,
  style: 'modern',
  isSeamless: false,
  tags: [],
  colors: [],
  favouriteCount: 0,
  viewCount: 0,
  saleCount: 0,
  priceFen: 9900,
});

describe('images that keep their place', () => {
  it('gives a work card its proportions and WebP and JPEG copies at the card widths', () => {
    const { container } = renderWithApp(<WorkGrid works={[work(7)]} />);
    const img = screen.getByRole('img', { name: '云纹 7' });
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '300');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.getAttribute('src')).toBe('/img/400/jpeg/public/works/w7/thumb-400.webp');
    expect(img.getAttribute('srcset')).toBe(
      [160, 240, 320, 400]
        .map((w) => `/img/${w}/jpeg/public/works/w7/thumb-400.webp ${w}w`)
        .join(', '),
    );
    expect(img.getAttribute('sizes')).toMatch(/100vw/);
    const source = container.querySelector('picture > source[type="image/webp"]');
    expect(source?.getAttribute('srcset')).toContain(
      '/img/320/webp/public/works/w7/thumb-400.webp 320w',
    );
    expect(source?.getAttribute('sizes')).toBe(img.getAttribute('sizes'));
  });

  it('holds the grid with card-shaped places before the works arrive', () => {
    const { container } = renderWithApp(<WorkGrid works={undefined} loading skeletonCount={5} />);
    const places = screen.getAllByTestId('work-card-skeleton');
    expect(places).toHaveLength(5);
    for (const place of places) {
      // The same square image box and the same two text lines as a loaded card.
      expect(place.querySelector('.work-card__image')).not.toBeNull();
      expect(place.querySelector('.work-card__title')).not.toBeNull();
      expect(place.querySelector('.work-card__meta')).not.toBeNull();
    }
    expect(container.querySelector('.work-grid')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows a picture that has no copies (not public) as it is, still with its size', () => {
    const { container } = renderWithApp(
      <ResponsiveImage
        src="/files/private/thumbs/a-400.webp?expires=1&sig=x"
        alt="草稿"
        width={4}
        height={3}
        widths={[160, 320]}
        sizes="200px"
        priority
      />,
    );
    const img = screen.getByRole('img', { name: '草稿' });
    expect(img.getAttribute('src')).toBe('/files/private/thumbs/a-400.webp?expires=1&sig=x');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('width', '4');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(container.querySelector('picture')).toBeNull();
  });

  it('gives a theme cover a 2:1 box, and a loading theme card the same box', () => {
    renderWithApp(
      <>
        <ThemeCard
          theme={{
            id: 3,
            title: '新中式',
            subtitle: '东方纹样',
            coverUrl: '/files/public/works/w3/thumb-400.webp',
            workCount: 12,
            isHot: false,
          }}
        />
        <ThemeCardSkeleton />
      </>,
    );
    const cover = within(screen.getByTestId('theme-card')).getByRole('img', { name: '新中式' });
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['400', '200']);
    expect(cover.getAttribute('srcset')).toContain('/img/240/jpeg/public/works/w3/thumb-400.webp');
    const place = screen.getByTestId('theme-card-skeleton');
    expect(place.querySelector('.theme-card__cover-placeholder')).not.toBeNull();
  });
});
