import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchImage } from '@shared/contract/image-search';
import type { CallDef } from '@shared/contract/define';
import { MSG } from '@shared/messages';
import { FORMAT_LIMIT_MESSAGE } from '@shared/rules/search-upload';
import type * as apiClient from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { useImageSearchStore } from '../store/image-search-store';
import { usePicBatchStore } from '../store/pic-batch-store';
import {
  QUERY_IMAGE,
  dropFiles,
  imageFile,
  imageHit,
  imageResult,
} from '../test/image-search-fixtures';
import { PicBatchPage } from './pic-batch-page';
import { mockCall } from '../../../test/mock-call';

const calls: { name: string; input: Record<string, unknown> }[] = [];
/** Calls in flight, to check that at most two run at once. */
let running = 0;
let mostRunning = 0;

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: async (call: CallDef, input: Record<string, unknown>) => {
      calls.push({ name: call.name, input });
      if (call !== searchImage) throw new actual.ApiError(500, '离线');
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      const [file] = input.files as { name: string }[];
      if (file?.name === 'broken.jpg') throw new actual.ApiError(1000, MSG.imageSearch.corrupt);
      if (file?.name === 'none.jpg') return mockCall(searchImage, imageResult({}));
      return mockCall(
        searchImage,
        imageResult({
          same: [imageHit(7, 'same', { score: 0.98765 })],
          similar: [imageHit(8, 'similar', { title: '青花, "缠枝"' }), imageHit(9, 'similar')],
          total: 12,
          sameTotal: 1,
          query: { ...QUERY_IMAGE, name: file?.name ?? '' },
        }),
      );
    },
  };
});

const searches = () => calls.filter((c) => c.name === 'search/search_image');
const location = () => screen.getByTestId('location').textContent ?? '';

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/search/picBatch" element={<PicBatchPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { initialEntries: ['/search/picBatch'] },
  );
}

/** The text of the CSV the page offered for download. */
function capturedCsv(): Promise<string> {
  const blob = vi.mocked(URL.createObjectURL).mock.calls.at(-1)?.[0] as Blob;
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    // Read as bytes, so the byte-order mark is not swallowed by a decoder.
    reader.readAsBinaryString(blob);
  });
}

beforeEach(() => {
  calls.length = 0;
  running = 0;
  mostRunning = 0;
  usePicBatchStore.getState().clear();
  useImageSearchStore.getState().clear();
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('PicBatchPage', () => {
  it('asks for files when there is no batch', () => {
    renderPage();
    expect(screen.getByText('请选择要批量搜索的图片')).toBeInTheDocument();
  });

  it('searches every file, two at a time, one row each with its best three matches', async () => {
    usePicBatchStore
      .getState()
      .start([
        imageFile('a.jpg'),
        imageFile('setup.exe'),
        imageFile('b.png', 16, 'image/png'),
        imageFile('broken.jpg'),
        imageFile('none.jpg'),
      ]);
    renderPage();
    const rows = screen.getAllByTestId('pic-batch-row');
    expect(rows).toHaveLength(5);
    await waitFor(() =>
      expect(
        screen.getAllByTestId('pic-batch-row').every((r) => /done|failed/.test(r.dataset.status!)),
      ).toBe(true),
    );
    // One search_image call per readable file; the .exe never leaves the browser.
    expect(searches().map((c) => (c.input.files as { name: string }[])[0]!.name)).toEqual([
      'a.jpg',
      'b.png',
      'broken.jpg',
      'none.jpg',
    ]);
    expect(mostRunning).toBeLessThanOrEqual(2);
    const [a, exe, , broken, none] = screen.getAllByTestId('pic-batch-row');
    expect(within(a!).getByText('完成')).toBeInTheDocument();
    expect(within(a!).getByText('同款')).toBeInTheDocument();
    expect(within(a!).getAllByText('相似')).toHaveLength(2);
    expect(within(a!).getByRole('link', { name: /作品7/ })).toHaveAttribute(
      'href',
      '/work/detail?id=7',
    );
    expect(within(exe!).getByText('失败')).toBeInTheDocument();
    expect(within(exe!).getByRole('alert')).toHaveTextContent(FORMAT_LIMIT_MESSAGE);
    expect(within(broken!).getByRole('alert')).toHaveTextContent(MSG.imageSearch.corrupt);
    expect(within(none!).getByText('没有找到相似的作品')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('exports a CSV with a header and one line per match', async () => {
    const user = userEvent.setup();
    usePicBatchStore.getState().start([imageFile('a.jpg'), imageFile('setup.exe')]);
    renderPage();
    await waitFor(() =>
      expect(screen.getAllByTestId('pic-batch-row').map((r) => r.dataset.status)).toEqual([
        'done',
        'failed',
      ]),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: /导出CSV/ }));
    const bytes = await capturedCsv();
    // UTF-8 with a byte-order mark, so Excel opens the Chinese.
    expect(bytes.startsWith('\xEF\xBB\xBF')).toBe(true);
    const text = new TextDecoder().decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0)));
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('文件名,状态,匹配类型,作品ID,作品标题,设计师,相似度,链接');
    expect(lines.slice(1)).toEqual([
      `a.jpg,完成,同款,7,作品7,青禾设计,0.9877,${window.location.origin}/work/detail?id=7`,
      `a.jpg,完成,相似,8,"青花, ""缠枝""",青禾设计,0.7000,${window.location.origin}/work/detail?id=8`,
      `a.jpg,完成,相似,9,作品9,青禾设计,0.7000,${window.location.origin}/work/detail?id=9`,
      `setup.exe,"失败：${FORMAT_LIMIT_MESSAGE}",,,,,,`,
    ]);
  });

  it('opens all results of one file on /search/picSearch', async () => {
    const user = userEvent.setup();
    usePicBatchStore.getState().start([imageFile('a.jpg')]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: '查看全部结果' }));
    expect(location()).toBe('/search/picSearch');
    expect(useImageSearchStore.getState().image).toMatchObject({ name: 'a.jpg' });
  });

  it('starts a new batch from files dropped on the page', async () => {
    renderPage();
    dropFiles(screen.getByTestId('image-drop-zone'), [imageFile('x.jpg'), imageFile('y.jpg')]);
    expect(await screen.findAllByTestId('pic-batch-row')).toHaveLength(2);
    await waitFor(() => expect(searches()).toHaveLength(2));
  });
});
