import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getThemeIsHot, getThemeList } from '@shared/contract/themes';
import type * as apiClient from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { ThemeListView } from './theme-list-view';

const theme = (id: number) => ({
  id,
  title: `主题 ${id}`,
  subtitle: '东方纹样',
  coverUrl: `/files/public/works/w${id}/thumb-400.webp`,
  workCount: 3,
  isHot: false,
});

// The calls answer only when the test says so, so the page is seen before its data.
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => {
  release = resolve;
});

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: async (call: CallDef) => {
      await released;
      if (call === getThemeIsHot) return mockCall(getThemeIsHot, []);
      if (call === getThemeList)
        return mockCall(getThemeList, { list: [theme(1), theme(2)], total: 2 });
      throw new actual.ApiError(500, '离线');
    },
  };
});

describe('ThemeListView', () => {
  it('holds the showcase and a page of theme cards in place until the themes arrive', async () => {
    renderWithApp(<ThemeListView />, { initialEntries: ['/theme'] });
    expect(screen.getByTestId('hot-themes-skeleton')).toBeInTheDocument();
    expect(screen.getAllByTestId('theme-card-skeleton')).toHaveLength(12);
    release();
    expect(await screen.findAllByTestId('theme-card')).toHaveLength(2);
    expect(screen.queryByTestId('theme-card-skeleton')).toBeNull();
    expect(screen.queryByTestId('hot-themes-skeleton')).toBeNull();
  });
});
