import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSearchCreationList, getThemeTagTree } from '@shared/contract/word-search';
import type { WorkCard } from '@shared/contract/common';
import type { CallDef, CallResponse } from '@shared/contract/define';
import type { WordSearchHit } from '@shared/contract/word-search';
import type { CategoryNode } from '@shared/contract/works';
import type * as apiClient from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { WordSearchPage } from './word-search-page';
import { mockCall } from '../../../test/mock-call';

const calls: { name: string; input: unknown }[] = [];
let searchAnswer: (
  input: Record<string, unknown>,
) => CallResponse<typeof getSearchCreationList> = () => ({
  list: [],
  total: 0,
  terms: [],
});

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: async (call: CallDef, input: Record<string, unknown>) => {
      calls.push({ name: call.name, input });
      if (call === getSearchCreationList)
        return mockCall(getSearchCreationList, searchAnswer(input));
      if (call === getThemeTagTree) {
        return mockCall(getThemeTagTree, {
          hotKeywords: ['青花瓷', '国潮'],
          groups: [
            {
              key: 'hot',
              title: '热门搜索',
              tags: [
                { title: '青花瓷', keyword: '青花瓷' },
                { title: '国潮', keyword: '国潮' },
              ],
            },
            { key: 'style', title: '风格', tags: [{ title: '花卉', keyword: '花卉' }] },
          ],
        });
      }
      throw new actual.ApiError(500, '离线');
    },
  };
});

const card: WorkCard = {
  id: 7,
  title: '青花瓷花卉连续纹样',
  thumbUrl: '/files/public/t.webp',
  previewUrl: '/files/public/p.webp',
  width: 800,
  height: 800,
  designerId: 3,
  designerName: '青禾设计',
  categoryKid: 101,
  categoryTitle: '女装',
  headerType: 3,
  style: 'floral',
  isSeamless: true,
  tags: ['花卉', '青花瓷'],
  colors: ['#1f3f8f'],
  favouriteCount: 1,
  viewCount: 2,
  saleCount: 3,
  priceFen: 99_000,
};
const hit: WordSearchHit = {
  ...card,
  titleParts: [
    { text: '青花瓷', hit: false },
    { text: '花卉', hit: true },
    { text: '连续纹样', hit: false },
  ],
  matchedTags: ['花卉'],
};
const categories: CategoryNode[] = [
  {
    kid: 100,
    title: '服装面料',
    keys3: '',
    keys4: '',
    children: [{ kid: 101, title: '女装', keys3: '', keys4: '', children: [] }],
  },
];

function renderPage(entry: string | { pathname: string; search: string; state: unknown }) {
  return renderWithApp(
    <Routes>
      <Route path="/search/wordSearch" element={<WordSearchPage categories={categories} />} />
      <Route path="*" element={null} />
    </Routes>,
    { initialEntries: [entry as string] },
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';
const lastSearch = () =>
  [...calls].reverse().find((c) => c.name === 'Creation/GetSearchCreationList')?.input as
    Record<string, unknown> | undefined;

beforeEach(() => {
  calls.length = 0;
  searchAnswer = (input) =>
    input.keyword === '花卉'
      ? { list: [hit], total: 1, terms: ['花卉'] }
      : { list: [], total: 0, terms: [] };
  // jsdom does not implement the pseudo-element argument antd passes.
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('WordSearchPage', () => {
  it('shows the works found with the searched words highlighted', async () => {
    renderPage('/search/wordSearch?keyword=花卉');
    const title = await screen.findByTestId('word-result-title');
    expect(within(title).getByText('花卉').tagName).toBe('MARK');
    expect(title).toHaveTextContent('青花瓷花卉连续纹样');
    expect(screen.getByTestId('word-search-total')).toHaveTextContent('共找到 1 件作品');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('搜索“花卉”');
    expect(screen.getByTestId('word-result')).toHaveAttribute('href', '/work/detail?id=7');
    expect(lastSearch()).toMatchObject({ keyword: '花卉', pageIndex: 1, pageSize: 30 });
  });

  it('says which words no work has and were left out', async () => {
    searchAnswer = () => ({ list: [hit], total: 1, terms: ['花卉'], ignored: ['貔貅'] });
    renderPage('/search/wordSearch?keyword=花卉 貔貅');
    expect(await screen.findByTestId('word-search-ignored')).toHaveTextContent(
      '（没有作品含有「貔貅」，已忽略）',
    );
  });

  it('narrows by the /work filters, written to the URL', async () => {
    const user = userEvent.setup();
    renderPage('/search/wordSearch?keyword=花卉&page=2&color=blue&seamless=1&sort=newest');
    await screen.findByTestId('word-search-total');
    expect(lastSearch()).toMatchObject({
      keyword: '花卉',
      pageIndex: 2,
      color: 'blue',
      seamless: true,
      sort: 'newest',
    });
    await user.click(within(screen.getByRole('group', { name: '风格' })).getByText('花卉'));
    expect(location()).toContain('style=floral');
    // A new filter starts again from the first page.
    expect(location()).not.toContain('page=');
    await waitFor(() => expect(lastSearch()).toMatchObject({ style: 'floral', pageIndex: 1 }));
    await user.click(within(screen.getByRole('group', { name: '品类' })).getByText('服装面料'));
    expect(location()).toContain('kid=100');
    await user.click(within(screen.getByRole('group', { name: '服装面料' })).getByText('女装'));
    expect(location()).toContain('kid=101');
    await user.click(screen.getByText('综合'));
    expect(location()).not.toContain('sort=');
  });

  it('explains an empty result and offers hot keywords', async () => {
    const user = userEvent.setup();
    renderPage('/search/wordSearch?keyword=独角兽&style=folk');
    const empty = await screen.findByTestId('word-search-empty');
    expect(empty).toHaveTextContent('没有找到与“独角兽”相关的作品');
    expect(empty).toHaveTextContent('以图搜图');
    await user.click(within(empty).getByRole('button', { name: '清除筛选' }));
    expect(location()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('独角兽')}`);
    await user.click(await within(empty).findByRole('button', { name: '青花瓷' }));
    expect(location()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('青花瓷')}`);
  });

  it('invites a search when there is no keyword, without calling the search', async () => {
    renderPage('/search/wordSearch');
    expect(await screen.findByText('输入图案、风格、颜色或设计师，开始搜索')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '国潮' })).toBeInTheDocument();
    expect(lastSearch()).toBeUndefined();
  });

  it('closes the search back to the page it was opened from', async () => {
    const user = userEvent.setup();
    renderPage({
      pathname: '/search/wordSearch',
      search: '?keyword=花卉',
      state: { searchFrom: '/theme?x=1' },
    });
    await screen.findByTestId('word-search-total');
    // Changing filters keeps the remembered page.
    await user.click(within(screen.getByRole('group', { name: '拼接' })).getByText('定位花'));
    await user.click(screen.getByRole('button', { name: /关闭搜索/ }));
    expect(location()).toBe('/theme?x=1');
  });

  it('closes to home when the search was the first page opened', async () => {
    const user = userEvent.setup();
    renderPage('/search/wordSearch?keyword=花卉');
    await screen.findByTestId('word-search-total');
    await user.click(screen.getByRole('button', { name: /关闭搜索/ }));
    expect(location()).toBe('/');
  });
});
