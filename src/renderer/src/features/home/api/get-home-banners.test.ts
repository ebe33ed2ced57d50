import { describe, expect, it, vi } from 'vitest';
import type { Banner } from '@shared/contract/home';
import { fetchHomeBanners } from './get-home-banners';

const banner: Banner = {
  bannerId: 1,
  title: '上新',
  bannerUrl: '/files/public/b.png',
  linkUrl: '/theme',
  linkTarget: '_self',
};
const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
};

describe('home banner cache', () => {
  it('asks the server once per calendar day', async () => {
    const storage = memory();
    const load = vi.fn(async () => [banner]);
    await fetchHomeBanners('2026-11-21', storage, load);
    await fetchHomeBanners('2026-11-21', storage, load);
    expect(load).toHaveBeenCalledTimes(1);
    await fetchHomeBanners('2026-11-22', storage, load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
