import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDictByKeys, patternRecognize, searchUrlImage } from '@shared/contract/image-search';
import type { CallDef } from '@shared/contract/define';
import type { ImageSearchResult } from '@shared/contract/image-search';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { REGION_DEFAULT } from '../lib/image-region';
import { useImageSearchStore } from '../store/image-search-store';
import { QUERY_IMAGE, imageHit, imageResult } from '../test/image-search-fixtures';
import { PicSearchPage } from './pic-search-page';
import { mockCall } from '../../../test/mock-call';

const calls: { name: string; input: Record<string, unknown> }[] = [];
let searchAnswer: (input: Record<string, unknown>) => ImageSearchResult;
let recognised: { kid: number; title: string; parentKid: number | null; score: number }[] = [];

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: async (call: CallDef, input: Record<string, unknown>) => {
      calls.push({ name: call.name, input });
      if (call === searchUrlImage) return mockCall(searchUrlImage, searchAnswer(input));
      if (call === getDictByKeys) {
        return mockCall(getDictByKeys, {
          vectorSearchMergeCategory: [
            { id: 100, name: '服装面料', kids: [100, 101, 102] },
            { id: 200, name: '家纺', kids: [200, 201] },
            { id: 11, name: '采购目录', kids: [] },
          ],
        });
      }
      if (call === patternRecognize) {
        return mockCall(patternRecognize, {
          query: QUERY_IMAGE,
          categories: recognised,
          palette: [],
          style: '',
        });
      }
      throw new actual.ApiError(500, '离线');
    },
  };
});

const searches = () =>
  calls.filter((c) => c.name === 'search/search_url_image').map((c) => c.input);
const lastSearch = () => searches().at(-1);

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/search/picSearch" element={<PicSearchPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { initialEntries: ['/search/picSearch'] },
  );
}

// jsdom has no PointerEvent: a MouseEvent with a pointer id carries clientX/clientY.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeEach(() => {
  calls.length = 0;
  recognised = [];
  sessionStorage.clear();
  useImageSearchStore.getState().clear();
  useImageSearchStore.getState().setImage(QUERY_IMAGE);
  searchAnswer = (input) =>
    input.pageIndex === 2
      ? imageResult({ similar: [imageHit(9, 'similar')], total: 32, sameTotal: 1 })
      : imageResult({
          same: [imageHit(7, 'same', { exact: true })],
          similar: [imageHit(8, 'similar')],
          total: 32,
          sameTotal: 1,
        });
  Object.defineProperty(window, 'PointerEvent', { value: TestPointerEvent, configurable: true });
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PicSearchPage', () => {
  it('asks for an image when the session has none', () => {
    useImageSearchStore.getState().clear();
    renderPage();
    expect(screen.getByText('请先上传一张图片')).toBeInTheDocument();
    expect(searches()).toHaveLength(0);
  });

  it('groups the results under 同款 and 相似 with their counts and links to the works', async () => {
    renderPage();
    const same = await screen.findByRole('region', { name: /同款/ });
    const similar = screen.getByRole('region', { name: /相似/ });
    expect(within(same).getByTestId('image-same-total')).toHaveTextContent('1');
    expect(within(similar).getByTestId('image-similar-total')).toHaveTextContent('31');
    expect(within(same).getByRole('link', { name: /作品7/ })).toHaveAttribute(
      'href',
      '/work/detail?id=7',
    );
    expect(within(same).getByText('同一张图')).toBeInTheDocument();
    expect(within(similar).getByRole('link', { name: /作品8/ })).toHaveAttribute(
      'href',
      '/work/detail?id=8',
    );
    expect(lastSearch()).toEqual({
      url: QUERY_IMAGE.copyUrl,
      ignoreColor: false,
      pageIndex: 1,
      pageSize: 30,
    });
    expect(screen.getByRole('img', { name: 'flower.jpg' })).toHaveAttribute('src', QUERY_IMAGE.url);
  });

  it('loads the next page with 加载更多', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: /作品8/ });
    await user.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('link', { name: /作品9/ })).toBeInTheDocument();
    expect(lastSearch()).toMatchObject({ pageIndex: 2 });
    expect(screen.getByText('没有更多了')).toBeInTheDocument();
  });

  it('searches again with 忽略颜色', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: /作品8/ });
    await user.click(screen.getByRole('switch', { name: '忽略颜色' }));
    await waitFor(() => expect(lastSearch()).toMatchObject({ ignoreColor: true, pageIndex: 1 }));
    expect(useImageSearchStore.getState().options.ignoreColor).toBe(true);
  });

  it('searches only the boxed region, moved with the arrow keys, and back to the whole image', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: /作品8/ });
    await user.click(screen.getByRole('button', { name: /框选区域/ }));
    await waitFor(() => expect(lastSearch()).toMatchObject({ region: REGION_DEFAULT }));
    const box = screen.getByRole('group', { name: /框选区域/ });
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    await waitFor(() =>
      expect(lastSearch()).toMatchObject({ region: { x: 0.24, y: 0.2, w: 0.6, h: 0.62 } }),
    );
    // The whole image again: its results are still cached from the first search.
    const before = searches().length;
    await user.click(screen.getByRole('button', { name: /整图搜索/ }));
    expect(useImageSearchStore.getState().options.region).toBeUndefined();
    expect(screen.queryByRole('group', { name: /框选区域/ })).not.toBeInTheDocument();
    expect(searches()).toHaveLength(before);
    expect(await screen.findByRole('link', { name: /作品8/ })).toBeInTheDocument();
  });

  it('draws and drags the box with the pointer', async () => {
    renderPage();
    await screen.findByRole('link', { name: /作品8/ });
    const frame = screen.getByTestId('image-region-frame');
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 100, width: 400, height: 300 }),
    );
    // Draw from (25 %, 20 %) to (75 %, 80 %).
    fireEvent.pointerDown(frame, { clientX: 200, clientY: 160, button: 0, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 400, clientY: 340, pointerId: 1 });
    fireEvent.pointerUp(frame, { clientX: 400, clientY: 340, pointerId: 1 });
    await waitFor(() =>
      expect(lastSearch()).toMatchObject({ region: { x: 0.25, y: 0.2, w: 0.5, h: 0.6 } }),
    );
    // Drag the box 40 px left: a tenth of the width.
    const box = screen.getByTestId('image-region-box');
    fireEvent.pointerDown(box, { clientX: 300, clientY: 250, button: 0, pointerId: 2 });
    fireEvent.pointerMove(frame, { clientX: 260, clientY: 250, pointerId: 2 });
    fireEvent.pointerUp(frame, { clientX: 260, clientY: 250, pointerId: 2 });
    await waitFor(() =>
      expect(lastSearch()).toMatchObject({ region: { x: 0.15, y: 0.2, w: 0.5, h: 0.6 } }),
    );
  });

  it('filters by category tab and suggests the recognised category without choosing it', async () => {
    recognised = [{ kid: 201, title: '床品', parentKid: 200, score: 0.7 }];
    const user = userEvent.setup();
    renderPage();
    const hint = await screen.findByTestId('image-category-hint');
    expect(hint).toHaveTextContent('识别为「床品」');
    expect(lastSearch()).not.toHaveProperty('kid');
    await user.click(within(hint).getByRole('button', { name: '只看家纺' }));
    await waitFor(() => expect(lastSearch()).toMatchObject({ kid: 200 }));
    expect(screen.queryByTestId('image-category-hint')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '服装面料' }));
    await waitFor(() => expect(lastSearch()).toMatchObject({ kid: 100 }));
    // 采购目录 is the whole licensable catalogue (what the index holds): no kid, so the first
    // search's cached results show again.
    await user.click(screen.getByRole('tab', { name: '采购目录' }));
    expect(useImageSearchStore.getState().options.categoryId).toBe(11);
    expect(searches().filter((s) => s.kid === undefined)).toHaveLength(1);
    expect(searches().some((s) => s.kid === 11)).toBe(false);
  });

  it('says when the catalogue is still being indexed', async () => {
    searchAnswer = () => imageResult({ similar: [imageHit(8, 'similar')], pending: 40 });
    renderPage();
    expect(await screen.findByText('图库仍在建立索引，结果可能不全')).toBeInTheDocument();
  });

  it('explains an empty result and offers what to try', async () => {
    searchAnswer = () => imageResult({});
    useImageSearchStore.getState().setOptions({ region: REGION_DEFAULT });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('没有找到相似的作品')).toBeInTheDocument();
    const tips = screen.getByText(/试试整图搜索/).closest('li')!;
    await user.click(within(tips).getByRole('button', { name: /整图搜索/ }));
    await waitFor(() => expect(lastSearch()).not.toHaveProperty('region'));
  });

  it('shows that an expired image must be uploaded again', async () => {
    searchAnswer = () => {
      throw new ApiError(1000, '搜索图片已过期，请重新上传');
    };
    renderPage();
    expect(await screen.findByText('搜索图片已过期，请重新上传')).toBeInTheDocument();
    expect(screen.getByText('重新上传')).toBeInTheDocument();
    await act(async () => undefined);
  });
});
