import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchImage } from '@shared/contract/image-search';
import type { PrepareSearchImageResult } from '@shared/bridge';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { useImageSearchStore } from '../store/image-search-store';
import { usePicBatchStore } from '../store/pic-batch-store';
import { QUERY_IMAGE, imageFile, imageResult } from '../test/image-search-fixtures';
import { ImageWindowDrop } from './image-window-drop';
import { mockCall } from '../../../test/mock-call';

const calls: { name: string; input: Record<string, unknown> }[] = [];

vi.mock('../../../api/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof apiClient>();
  return {
    ...actual,
    callApi: async (call: CallDef, input: Record<string, unknown>) => {
      calls.push({ name: call.name, input });
      if (call === searchImage) return mockCall(searchImage, imageResult({}));
      throw new actual.ApiError(500, '离线');
    },
  };
});

const prepareFiles = vi.fn(async (files: readonly File[]): Promise<PrepareSearchImageResult[]> =>
  files.map((f) => ({
    ok: true,
    image: { name: f.name, data: 'c2hhcnA=', width: 1000, height: 800, originalBytes: f.size },
  })),
);
const location = () => screen.getByTestId('location').textContent ?? '';

function dropOnWindow(files: File[]) {
  const transfer = { files, types: ['Files'] };
  fireEvent.dragOver(document.body, { dataTransfer: transfer });
  fireEvent.drop(document.body, { dataTransfer: transfer });
}

beforeEach(() => {
  calls.length = 0;
  prepareFiles.mockClear();
  sessionStorage.clear();
  useImageSearchStore.getState().clear();
  usePicBatchStore.getState().clear();
  // Stands in for the preload, which defines `window.desktop` in the real app.
  Object.defineProperty(window, 'desktop', {
    value: { imageSearch: { prepareFiles } },
    configurable: true,
  });
});
afterEach(() => {
  Reflect.deleteProperty(window, 'desktop');
});

describe('ImageWindowDrop (desktop)', () => {
  it('searches with the image of a wenyang://search link once the main process has it', async () => {
    let arrived: () => void = () => undefined;
    const waiting: (PrepareSearchImageResult | null)[] = [
      null,
      {
        ok: true,
        image: { name: '青花.png', data: 'c2hhcnA=', width: 1000, height: 500, originalBytes: 9 },
      },
    ];
    const takeLinkedImage = vi.fn(async () => waiting.shift() ?? null);
    Object.defineProperty(window, 'desktop', {
      value: {
        imageSearch: {
          prepareFiles,
          takeLinkedImage,
          onLinkedImage: (listener: () => void) => {
            arrived = listener;
            return () => undefined;
          },
        },
      },
      configurable: true,
    });
    renderWithApp(<ImageWindowDrop />, { initialEntries: ['/'] });
    // Nothing was waiting at start; then the link's image arrives.
    await waitFor(() => expect(takeLinkedImage).toHaveBeenCalledTimes(1));
    arrived();
    await waitFor(() => expect(location()).toBe('/search/picSearch'));
    expect(prepareFiles.mock.calls[0]?.[0][0]?.name).toBe('青花.jpg');
    expect(calls[0]).toMatchObject({ name: 'search/search_image' });
  });

  it('searches by a file dropped anywhere on the window, through the desktop bridge', async () => {
    renderWithApp(<ImageWindowDrop />, { initialEntries: ['/theme'] });
    const scan = imageFile('scan.tif', 30 * 1024 * 1024, 'image/tiff');
    dropOnWindow([scan]);
    await waitFor(() => expect(location()).toBe('/search/picSearch'));
    expect(prepareFiles).toHaveBeenCalledWith([scan]);
    expect(calls[0]).toMatchObject({
      name: 'search/search_image',
      input: { files: [{ name: 'scan.tif', data: 'c2hhcnA=' }] },
    });
    expect(useImageSearchStore.getState().image).toEqual(QUERY_IMAGE);
  });

  it('opens the batch search for several files', async () => {
    renderWithApp(<ImageWindowDrop />, { initialEntries: ['/'] });
    dropOnWindow([imageFile('a.jpg'), imageFile('b.jpg')]);
    await waitFor(() => expect(location()).toBe('/search/picBatch'));
    expect(usePicBatchStore.getState().rows).toHaveLength(2);
  });

  it('says what a drop will do while files are dragged over the window, and not for text', () => {
    renderWithApp(<ImageWindowDrop />, { initialEntries: ['/'] });
    fireEvent.dragEnter(document.body, { dataTransfer: { files: [], types: ['text/plain'] } });
    expect(screen.queryByTestId('image-window-drop')).not.toBeInTheDocument();
    const transfer = { files: [imageFile('a.jpg')], types: ['Files'] };
    fireEvent.dragEnter(document.body, { dataTransfer: transfer });
    expect(screen.getByTestId('image-window-drop')).toHaveTextContent('松开鼠标，以图搜图');
    fireEvent.dragLeave(document.body, { dataTransfer: transfer });
    expect(screen.queryByTestId('image-window-drop')).not.toBeInTheDocument();
  });

  it('leaves a drop that a drop zone of the page already took', () => {
    renderWithApp(
      <>
        <ImageWindowDrop />
        <div data-testid="own-zone" onDrop={(event) => event.preventDefault()} />
      </>,
    );
    const transfer = { files: [imageFile('a.jpg')], types: ['Files'] };
    fireEvent.drop(screen.getByTestId('own-zone'), { dataTransfer: transfer });
    expect(prepareFiles).not.toHaveBeenCalled();
    expect(location()).toBe('/');
  });
});
