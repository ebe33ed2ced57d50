import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getHomeInfo } from '@shared/contract/home';
import type * as apiClient from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { HomeSections } from './home-sections';

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: async (call: CallDef) => {
      if (call === getHomeInfo) {
        return mockCall(getHomeInfo, {
          sections: [
            { key: 'hot', title: '趋势爆款', subtitle: '', works: [] },
            { key: 'exclusive', title: '品类独家', subtitle: '', works: [] },
            { key: 'materials', title: '素材', subtitle: '', works: [] },
          ],
          themes: [],
          stats: { works: 0, designers: 0 },
        });
      }
      throw new actual.ApiError(500, '离线');
    },
  };
});

describe('HomeSections', () => {
  it.each([
    ['hot', '/trendPop'],
    ['exclusive', '/work?headerType=3'],
    ['materials', '/work?headerType=4'],
  ])('leads 查看更多 of the %s section to %s', async (key, href) => {
    renderWithApp(<HomeSections />);
    const section = await screen.findByTestId(`home-section-${key}`);
    expect(within(section).getByRole('link', { name: /查看更多/ })).toHaveAttribute('href', href);
  });
});
