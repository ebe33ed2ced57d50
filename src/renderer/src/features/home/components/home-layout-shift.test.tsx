import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { advertise, getHomeInfo } from '@shared/contract/home';
import type * as apiClient from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { HomeSections } from './home-sections';
import { HomeTopBanner } from './home-top-banner';

// Each call waits until the test lets it answer, so the page can be seen before its data.
const gates = new Map<CallDef, () => void>();
const answerOf = (call: CallDef) => {
  if (call === advertise) {
    return mockCall(advertise, [
      {
        bannerId: 1,
        title: '设计大赛',
        bannerUrl: '/files/public/banners/home-top-1.png',
        linkUrl: '/redActivity',
        linkTarget: '_self',
      },
      {
        bannerId: 2,
        title: '新品上架',
        bannerUrl: '/files/public/banners/home-top-2.png',
        linkUrl: '/work',
        linkTarget: '_self',
      },
    ]);
  }
  return mockCall(getHomeInfo, {
    sections: [{ key: 'hot', title: '趋势爆款', subtitle: '', works: [] }],
    themes: [],
    stats: { works: 0, designers: 0 },
  });
};

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: (call: CallDef) =>
      new Promise((resolve) => gates.set(call, () => resolve(answerOf(call)))),
  };
});

const answer = async (call: CallDef) => {
  await vi.waitFor(() => expect(gates.has(call)).toBe(true));
  gates.get(call)?.();
};

beforeEach(() => {
  gates.clear();
  localStorage.clear();
});

describe('home before its data', () => {
  it('lays out three sections of ten card places until GetHomeInfo answers', async () => {
    renderWithApp(<HomeSections />);
    const skeleton = screen.getByTestId('home-sections-skeleton');
    expect(skeleton.querySelectorAll('.home-section')).toHaveLength(3);
    expect(screen.getAllByTestId('work-card-skeleton')).toHaveLength(30);
    await answer(getHomeInfo);
    expect(await screen.findByTestId('home-section-hot')).toBeInTheDocument();
    expect(screen.queryByTestId('home-sections-skeleton')).toBeNull();
  });

  it('holds the banner strip at its height while the banners load, then loads the first one first', async () => {
    renderWithApp(<HomeTopBanner />);
    expect(screen.getByTestId('home-top-banner-placeholder')).toHaveStyle({ height: '60px' });
    await answer(advertise);
    const banner = await screen.findByTestId('home-top-banner');
    expect(banner).toHaveStyle({ height: '60px' });
    const first = banner.querySelector('img[src*="home-top-1"]');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first?.getAttribute('srcset')).toContain(
      '/img/1280/jpeg/public/banners/home-top-1.png 1280w',
    );
    // The slider loads on first render; until then only the first slide shows.
    const second = await vi.waitFor(() => {
      const img = banner.querySelector('img[src*="home-top-2"]');
      expect(img).not.toBeNull();
      return img;
    });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
  });
});
