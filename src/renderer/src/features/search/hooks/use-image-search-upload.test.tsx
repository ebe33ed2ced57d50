import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getDictByKeys,
  patternRecognize,
  searchImage,
  searchUrlImage,
} from '@shared/contract/image-search';
import type { PrepareSearchImageResult } from '@shared/bridge';
import type { CallDef, CallResponse } from '@shared/contract/define';
import { MSG } from '@shared/messages';
import { FORMAT_LIMIT_MESSAGE } from '@shared/rules/search-upload';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { ImageSearchLanding } from '../components/image-search-landing';
import { PicSearchPage } from '../components/pic-search-page';
import { useImageSearchStore } from '../store/image-search-store';
import { usePicBatchStore } from '../store/pic-batch-store';
import {
  QUERY_IMAGE,
  SIXTEEN_ZERO_BYTES_BASE64,
  dropFiles,
  imageFile,
  imageHit,
  imageResult,
  pasteFiles,
} from '../test/image-search-fixtures';
import { mockCall } from '../../../test/mock-call';

const calls: { name: string; input: Record<string, unknown> }[] = [];
/** What search_image answers; a test may make it fail. */
let searchImageAnswer: () => CallResponse<typeof searchImage> = () =>
  imageResult({ same: [imageHit(7, 'same')], similar: [imageHit(8, 'similar')] });

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: async (call: CallDef, input: Record<string, unknown>) => {
      calls.push({ name: call.name, input });
      if (call === searchImage) return mockCall(searchImage, searchImageAnswer());
      if (call === searchUrlImage) {
        return mockCall(
          searchUrlImage,
          imageResult({ same: [imageHit(7, 'same')], similar: [imageHit(8, 'similar')] }),
        );
      }
      if (call === getDictByKeys) return mockCall(getDictByKeys, { vectorSearchMergeCategory: [] });
      if (call === patternRecognize) {
        return mockCall(patternRecognize, {
          query: QUERY_IMAGE,
          categories: [],
          palette: [],
          style: '',
        });
      }
      throw new actual.ApiError(500, '离线');
    },
  };
});

const uploads = () => calls.filter((c) => c.name === 'search/search_image');
const location = () => screen.getByTestId('location').textContent ?? '';
const zone = () => screen.getAllByTestId('image-drop-zone')[0]!;

function renderLanding() {
  return renderWithApp(
    <Routes>
      <Route path="/AiSearchImg" element={<ImageSearchLanding />} />
      <Route path="*" element={null} />
    </Routes>,
    { initialEntries: ['/AiSearchImg'] },
  );
}

/** The results page without a session image: its drop zone takes one file (重新上传). */
function renderSingleFileBox() {
  return renderWithApp(
    <Routes>
      <Route path="/search/picSearch" element={<PicSearchPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { initialEntries: ['/search/picSearch'] },
  );
}

beforeEach(() => {
  calls.length = 0;
  searchImageAnswer = () =>
    imageResult({ same: [imageHit(7, 'same')], similar: [imageHit(8, 'similar')] });
  sessionStorage.clear();
  useImageSearchStore.getState().clear();
  usePicBatchStore.getState().clear();
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'desktop');
});

describe('image upload for search (§4, §5)', () => {
  it('searches with a dropped image, keeps it for the session and opens /search/picSearch', async () => {
    renderLanding();
    dropFiles(zone(), [imageFile('flower.jpg')]);
    await waitFor(() => expect(location()).toBe('/search/picSearch'));
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0]!.input).toMatchObject({
      files: [{ name: 'flower.jpg', data: SIXTEEN_ZERO_BYTES_BASE64 }],
      ignoreColor: false,
      pageIndex: 1,
    });
    expect(useImageSearchStore.getState().image).toEqual(QUERY_IMAGE);
    expect(sessionStorage.getItem('wenyang.image-search')).toContain(QUERY_IMAGE.copyUrl);
  });

  it('takes an image pasted anywhere on the page (Ctrl+V)', async () => {
    renderLanding();
    pasteFiles(document.body, [imageFile('screenshot.png', 16, 'image/png')]);
    await waitFor(() => expect(location()).toBe('/search/picSearch'));
    expect(uploads()[0]!.input).toMatchObject({ files: [{ name: 'screenshot.png' }] });
  });

  it('opens the batch search for several files', async () => {
    renderLanding();
    dropFiles(zone(), [imageFile('a.jpg'), imageFile('b.png'), imageFile('c.tif')]);
    await waitFor(() => expect(location()).toBe('/search/picBatch'));
    expect(usePicBatchStore.getState().rows.map((r) => r.name)).toEqual([
      'a.jpg',
      'b.png',
      'c.tif',
    ]);
    expect(uploads()).toHaveLength(0);
  });

  it('refuses more than 50 files with 最多只能上传50张图片', async () => {
    renderLanding();
    dropFiles(
      zone(),
      Array.from({ length: 51 }, (_, i) => imageFile(`p${i}.jpg`)),
    );
    expect(await screen.findByText(MSG.tooManyImages)).toBeInTheDocument();
    expect(location()).toBe('/AiSearchImg');
    expect(usePicBatchStore.getState().rows).toHaveLength(0);
  });

  it('refuses a second file in a single-file box with 只允许一次上传一张', async () => {
    renderSingleFileBox();
    expect(screen.getByText(MSG.imageSearch.noImage)).toBeInTheDocument();
    dropFiles(zone(), [imageFile('a.jpg'), imageFile('b.jpg')]);
    expect(await screen.findByText(MSG.oneFileAtATime)).toBeInTheDocument();
    expect(uploads()).toHaveLength(0);
  });

  it('refuses a file outside the accept list with 格式限制： and the list', async () => {
    renderLanding();
    dropFiles(zone(), [imageFile('setup.exe', 16, 'application/octet-stream')]);
    expect(await screen.findByText(FORMAT_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(FORMAT_LIMIT_MESSAGE).toMatch(/^格式限制：bmp,jpg,png,tif,/);
    expect(uploads()).toHaveLength(0);
  });

  it('refuses a 6 MB file with 上传图片需小于5M', async () => {
    renderLanding();
    dropFiles(zone(), [imageFile('big.jpg', 6 * 1024 * 1024)]);
    expect(await screen.findByText(MSG.imageTooLarge)).toBeInTheDocument();
    expect(uploads()).toHaveLength(0);
  });

  it('shows the server’s message when it cannot read the image', async () => {
    searchImageAnswer = () => {
      throw new ApiError(1000, MSG.imageSearch.unsupportedFormat('psd'));
    };
    renderLanding();
    dropFiles(zone(), [imageFile('design.psd', 16, '')]);
    expect(
      await screen.findByText('暂不支持识别 PSD 文件中的图案，请另存为 JPG 或 PNG 后再上传'),
    ).toBeInTheDocument();
    expect(location()).toBe('/AiSearchImg');
  });
});

describe('downsizing in the browser', () => {
  it('without createImageBitmap (jsdom) sends the original, still under the §5 checks', async () => {
    expect(typeof globalThis.createImageBitmap).toBe('undefined');
    renderLanding();
    dropFiles(zone(), [imageFile('big.png', 6 * 1024 * 1024, 'image/png')]);
    expect(await screen.findByText(MSG.imageTooLarge)).toBeInTheDocument();
    dropFiles(zone(), [imageFile('small.png', 16, 'image/png')]);
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(uploads()[0]!.input).toMatchObject({
      files: [{ name: 'small.png', data: SIXTEEN_ZERO_BYTES_BASE64 }],
    });
  });

  it('sends a format the browser cannot decode (tif) as it is', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new Error('InvalidStateError');
      }),
    );
    renderLanding();
    dropFiles(zone(), [imageFile('scan.tif', 16, 'image/tiff')]);
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(uploads()[0]!.input).toMatchObject({
      files: [{ name: 'scan.tif', data: SIXTEEN_ZERO_BYTES_BASE64 }],
    });
  });

  it('reduces a large image to at most 1000×1000 keeping its aspect, as JPEG', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 3000, height: 1500, close })),
    );
    const drawn: { width: number; height: number }[] = [];
    const fakeContext = { fillRect: () => undefined, drawImage: () => undefined };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext as never);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
    ) {
      drawn.push({ width: this.width, height: this.height });
      callback(new Blob(['jpeg'], { type: 'image/jpeg' }));
    });
    renderLanding();
    dropFiles(zone(), [imageFile('photo.jpg', 4 * 1024 * 1024)]);
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(drawn).toEqual([{ width: 1000, height: 500 }]);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.92);
    expect(uploads()[0]!.input).toMatchObject({ files: [{ name: 'photo.jpg', data: 'anBlZw==' }] });
    expect(close).toHaveBeenCalled();
  });
});

describe('on the desktop', () => {
  function mockDesktop(
    prepareFiles: (files: readonly File[]) => Promise<PrepareSearchImageResult[]>,
  ) {
    const bridge = { imageSearch: { prepareFiles: vi.fn(prepareFiles) } };
    // Stands in for the preload, which defines `window.desktop` in the real app.
    Object.defineProperty(window, 'desktop', { value: bridge, configurable: true });
    return bridge.imageSearch.prepareFiles;
  }

  it('lets the main process decode and downsize, so a large scanner file is fine', async () => {
    const prepareFiles = mockDesktop(async (files) =>
      files.map((f) => ({
        ok: true,
        image: { name: f.name, data: 'c2hhcnA=', width: 1000, height: 750, originalBytes: f.size },
      })),
    );
    renderLanding();
    const scan = imageFile('scan.tif', 8 * 1024 * 1024, 'image/tiff');
    dropFiles(zone(), [scan]);
    await waitFor(() => expect(location()).toBe('/search/picSearch'));
    expect(prepareFiles).toHaveBeenCalledWith([scan]);
    expect(uploads()[0]!.input).toMatchObject({ files: [{ name: 'scan.tif', data: 'c2hhcnA=' }] });
    expect(screen.queryByText(MSG.imageTooLarge)).not.toBeInTheDocument();
  });

  it('still checks the format first, and shows what the main process says', async () => {
    const prepareFiles = mockDesktop(async (files) =>
      files.map((f) => ({ ok: false, name: f.name, message: MSG.imageSearch.corrupt })),
    );
    renderLanding();
    dropFiles(zone(), [imageFile('setup.exe')]);
    expect(await screen.findByText(FORMAT_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(prepareFiles).not.toHaveBeenCalled();
    dropFiles(zone(), [imageFile('broken.jpg')]);
    expect(await screen.findByText(MSG.imageSearch.corrupt)).toBeInTheDocument();
    expect(uploads()).toHaveLength(0);
  });

  it('decodes a pasted screenshot, which has no file on disk, in the window instead', async () => {
    mockDesktop(async (files) =>
      files.map(() => ({ ok: false, name: '未知文件', message: '该项 不是图片文件' })),
    );
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 640, height: 480, close: () => undefined })),
    );
    renderLanding();
    pasteFiles(document.body, [imageFile('image.png', 16, 'image/png')]);
    await waitFor(() => expect(location()).toBe('/search/picSearch'));
    expect(uploads()[0]!.input).toMatchObject({
      files: [{ name: 'image.png', data: SIXTEEN_ZERO_BYTES_BASE64 }],
    });
  });
});
