import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchImage } from '@shared/contract/image-search';
import { getAiWordHits } from '@shared/contract/word-search';
import type { CallDef } from '@shared/contract/define';
import type { AiWordHits, WordSearchHit } from '@shared/contract/word-search';
import { MSG } from '@shared/messages';
import type * as apiClient from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { useImageSearchStore } from '../store/image-search-store';
import {
  QUERY_IMAGE,
  dropFiles,
  imageFile,
  imageHit,
  imageResult,
  pasteFiles,
} from '../test/image-search-fixtures';
import { ImageAiSearchPage } from './image-ai-search-page';
import { mockCall } from '../../../test/mock-call';

const calls: { name: string; input: Record<string, unknown> }[] = [];

const wordHit = (id: number): WordSearchHit => ({
  ...imageHit(id, 'similar'),
  titleParts: [{ text: `作品${id}`, hit: false }],
  matchedTags: [],
});

const BLUE_FLORAL = ['颜色：蓝', '风格：花卉'];

/** What the server's AI word search answers for each sentence (its ranking is tested there). */
const AI_WORDS: Record<string, Omit<AiWordHits, 'list'> & { ids: number[] }> = {
  蓝色碎花: { ids: [8], total: 1, terms: ['蓝色碎花'], relaxed: false, understood: [] },
  碎花: { ids: [8, 20], total: 2, terms: ['碎花'], relaxed: false, understood: [] },
  // No work has both words: those with more of them first.
  '印花 童装': {
    ids: [20, 8, 21],
    total: 0,
    terms: ['印花', '童装'],
    relaxed: true,
    understood: [],
  },
  // No blue floral is filed under 童装: the blue florals, with the use loosened and said so.
  '蓝色小碎花 适合童装': {
    ids: [30],
    total: 0,
    terms: ['童装', '花卉'],
    relaxed: true,
    understood: [...BLUE_FLORAL, '用途：童装'],
    loosened: ['适合童装'],
    notice: '没有同时满足全部条件的作品，已放宽「适合童装」',
  },
  // 床品 finds nothing among blue florals: the blue florals alone.
  '蓝色碎花 床品': { ids: [31], total: 0, terms: ['花卉'], relaxed: true, understood: BLUE_FLORAL },
};

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: async (call: CallDef, input: Record<string, unknown>) => {
      calls.push({ name: call.name, input });
      if (call === getAiWordHits) {
        const { ids, ...rest } = AI_WORDS[String(input.sentence)] ?? {
          ids: [],
          total: 0,
          terms: [],
          relaxed: false,
          understood: [],
        };
        return mockCall(getAiWordHits, { ...rest, list: ids.map(wordHit) });
      }
      if (call === searchImage) {
        return mockCall(
          searchImage,
          imageResult({
            same: [imageHit(7, 'same')],
            similar: [imageHit(8, 'similar'), imageHit(9, 'similar')],
          }),
        );
      }
      throw new actual.ApiError(500, '离线');
    },
  };
});

const box = () => screen.getByRole('textbox', { name: 'AI搜索' });
const section = (name: RegExp) => screen.findByRole('region', { name });
const cardIds = (region: HTMLElement) =>
  within(region)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/ai-search" element={<ImageAiSearchPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { initialEntries: ['/ai-search'] },
  );
}

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  useImageSearchStore.getState().clear();
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ImageAiSearchPage', () => {
  it('offers an example sentence', () => {
    renderPage();
    expect(box()).toHaveAttribute('placeholder', '例如：蓝色小碎花 适合童装');
  });

  it('searches the words of a sentence', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(box(), '蓝色碎花{Enter}');
    const words = await section(/文字搜索结果/);
    expect(cardIds(words)).toEqual(['/work/detail?id=8']);
    // One call for the whole sentence, and no image search.
    expect(calls).toEqual([{ name: getAiWordHits.name, input: { sentence: '蓝色碎花' } }]);
  });

  it('shows the works with most of the words when none has them all', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(box(), '印花 童装');
    await user.click(screen.getByRole('button', { name: /搜索/ }));
    const words = await section(/文字搜索结果/);
    expect(screen.getByText(/没有同时包含所有词语的作品/)).toBeInTheDocument();
    expect(cardIds(words)).toEqual([
      '/work/detail?id=20',
      '/work/detail?id=8',
      '/work/detail?id=21',
    ]);
  });

  it('shows the colour and style the server read from the sentence', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(box(), '蓝色小碎花 适合童装{Enter}');
    const words = await section(/文字搜索结果/);
    expect(cardIds(words)).toEqual(['/work/detail?id=30']);
    expect(screen.getByTestId('ai-search-understood')).toHaveTextContent(
      '已理解为筛选条件：颜色：蓝，风格：花卉，用途：童装',
    );
    // What was loosened is said in the server's words.
    expect(screen.getByTestId('ai-search-notice')).toHaveTextContent(
      '没有同时满足全部条件的作品，已放宽「适合童装」',
    );
    expect(calls).toEqual([
      { name: getAiWordHits.name, input: { sentence: '蓝色小碎花 适合童装' } },
    ]);
  });

  it('shows the colour and style alone when the other words find nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(box(), '蓝色碎花 床品{Enter}');
    const words = await section(/文字搜索结果/);
    expect(cardIds(words)).toEqual(['/work/detail?id=31']);
    expect(screen.getByTestId('ai-search-understood')).toHaveTextContent('颜色：蓝，风格：花卉');
    expect(screen.getByText(/没有同时包含所有词语的作品/)).toBeInTheDocument();
  });

  it('searches by an attached image alone and keeps it as the session image', async () => {
    const user = userEvent.setup();
    renderPage();
    dropFiles(screen.getByTestId('ai-search-box'), [imageFile('flower.jpg')]);
    expect(await screen.findByTestId('ai-search-attachment')).toHaveTextContent('flower.jpg');
    await user.click(screen.getByRole('button', { name: /搜索/ }));
    const same = await section(/同款/);
    expect(cardIds(same)).toEqual(['/work/detail?id=7']);
    expect(useImageSearchStore.getState().image).toEqual(QUERY_IMAGE);
    expect(screen.getByRole('link', { name: /框选、忽略颜色/ })).toHaveAttribute(
      'href',
      '/search/picSearch',
    );
  });

  it('with words and an image, puts the image results the words also find first', async () => {
    const user = userEvent.setup();
    renderPage();
    pasteFiles(document.body, [imageFile('flower.png', 16, 'image/png')]);
    await screen.findByTestId('ai-search-attachment');
    await user.type(box(), '碎花{Enter}');
    const both = await section(/图文都符合/);
    expect(cardIds(both)).toEqual(['/work/detail?id=8']);
    const rest = screen.getByRole('region', { name: /其他相似图案/ });
    expect(cardIds(rest)).toEqual(['/work/detail?id=7', '/work/detail?id=9']);
  });

  it('takes one image at a time', async () => {
    renderPage();
    dropFiles(screen.getByTestId('ai-search-box'), [imageFile('a.jpg'), imageFile('b.jpg')]);
    expect(await screen.findByText(MSG.oneFileAtATime)).toBeInTheDocument();
    expect(screen.queryByTestId('ai-search-attachment')).not.toBeInTheDocument();
  });

  it('asks for words or an image before searching', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: /搜索/ }));
    expect(await screen.findByText('请输入描述或添加一张图片')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
