import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadProgress, SaveFileResult } from '@shared/bridge';
import type { OriginalToSave } from '../../../lib/save-original';
import { fastUser } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { useDownloadNameStore } from '../stores/download-name-store';
import { progressText, useSaveOriginal } from './use-save-original';

const ORIGINAL: OriginalToSave = {
  url: '/files/originals/7.png?expires=1&sig=abc',
  workId: 7,
  title: '青花缠枝',
  orderNo: 'LS202611240001',
};

/** What a 下载原图 button does with the hook: save, then show where the file went or why not. */
function SaveButton() {
  const { save, progress } = useSaveOriginal();
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void save(ORIGINAL).then(
            (saved) => setOutcome(`saved:${saved.fileName}:${saved.savedPath ?? 'browser'}`),
            (err: Error) => setOutcome(`error:${err.message}`),
          )
        }
      >
        下载原图
      </button>
      <output data-testid="progress">
        {progress ? `${progress.received}/${progress.total ?? '?'}` : ''}
      </output>
      <output data-testid="outcome">{outcome}</output>
    </>
  );
}

type ProgressListener = (progress: DownloadProgress) => void;

/** Stands in for the preload's `downloads`: the test drives progress and the save's answer. */
function fakeDesktopDownloads(nameRule: 'title' | 'workNo' | 'orderTitle' = 'orderTitle') {
  const listeners = new Set<ProgressListener>();
  let finish: (result: SaveFileResult) => void = () => undefined;
  const downloads = {
    getSettings: vi.fn(async () => ({ folder: 'D:\\授权原图', folderIsDefault: false, nameRule })),
    saveFile: vi.fn(
      () =>
        new Promise<SaveFileResult>((resolve) => {
          finish = resolve;
        }),
    ),
    onProgress: vi.fn((listener: ProgressListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
  };
  Object.defineProperty(window, 'desktop', { value: { downloads }, configurable: true });
  return {
    downloads,
    listeners,
    emit: (progress: DownloadProgress) =>
      act(async () => {
        listeners.forEach((listener) => listener(progress));
        await Promise.resolve();
      }),
    finish: (result: SaveFileResult) =>
      act(async () => {
        finish(result);
        await Promise.resolve();
      }),
  };
}

beforeEach(() => {
  useDownloadNameStore.getState().reset();
  localStorage.clear();
});
afterEach(() => {
  Reflect.deleteProperty(window, 'desktop');
  vi.restoreAllMocks();
});

describe('useSaveOriginal on the desktop', () => {
  it('saves under the desktop’s naming rule, shows progress, then where the file is', async () => {
    const desktop = fakeDesktopDownloads('orderTitle');
    renderWithApp(<SaveButton />);
    await fastUser().click(screen.getByRole('button', { name: '下载原图' }));

    const fileName = 'LS202611240001_青花缠枝.png';
    await waitFor(() =>
      expect(desktop.downloads.saveFile).toHaveBeenCalledWith({
        path: ORIGINAL.url,
        fileName,
        workId: ORIGINAL.workId,
      }),
    );
    await desktop.emit({ fileName, received: 450, total: 1000, done: false });
    expect(screen.getByTestId('progress')).toHaveTextContent('450/1000');
    expect(await screen.findByText(`正在下载 ${fileName}（45%）`)).toBeInTheDocument();

    // Another save's progress is not this one's.
    await desktop.emit({ fileName: 'other.png', received: 1, total: 2, done: false });
    expect(screen.getByTestId('progress')).toHaveTextContent('450/1000');

    await desktop.emit({ fileName, received: 1000, total: 1000, done: true });
    await desktop.finish({ ok: true, savedPath: `D:\\授权原图\\${fileName}` });
    expect(await screen.findByText(`原图已保存到 D:\\授权原图\\${fileName}`)).toBeInTheDocument();
    expect(screen.getByTestId('outcome')).toHaveTextContent(
      `saved:${fileName}:D:\\授权原图\\${fileName}`,
    );
    expect(desktop.listeners.size).toBe(0);
  });

  it('rejects with the main process’s refusal, for the button to show', async () => {
    const desktop = fakeDesktopDownloads('workNo');
    renderWithApp(<SaveButton />);
    await fastUser().click(screen.getByRole('button', { name: '下载原图' }));
    await waitFor(() =>
      expect(desktop.downloads.saveFile).toHaveBeenCalledWith({
        path: ORIGINAL.url,
        fileName: 'WY-00000007.png',
        workId: ORIGINAL.workId,
      }),
    );
    await desktop.finish({ ok: false, message: '原图下载链接已失效，请重新点击下载原图' });
    expect(screen.getByTestId('outcome')).toHaveTextContent(
      'error:原图下载链接已失效，请重新点击下载原图',
    );
    expect(desktop.listeners.size).toBe(0);
  });
});

describe('useSaveOriginal in the browser', () => {
  it('downloads through an <a download> named by the page’s rule', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    useDownloadNameStore.getState().setNameRule('orderTitle');
    renderWithApp(<SaveButton />);
    await fastUser().click(screen.getByRole('button', { name: '下载原图' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe(ORIGINAL.url);
    expect(anchor.download).toBe('LS202611240001_青花缠枝.png');
    expect(screen.getByTestId('outcome')).toHaveTextContent(
      'saved:LS202611240001_青花缠枝.png:browser',
    );
  });
});

describe('progressText', () => {
  it('gives a percentage, or megabytes when the size is unknown', () => {
    expect(progressText({ received: 1, total: 3 })).toBe('33%');
    expect(progressText({ received: 3 * 1024 * 1024, total: null })).toBe('3.0 MB');
  });
});
