import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DesktopBridge,
  DesktopUploadQueueChange,
  DesktopUploadQueueSnapshot,
  DesktopUploadQueueStatus,
} from '@shared/bridge';
import type { CallDef } from '@shared/contract/define';
import { getDesktopReleases } from '@shared/contract/desktop-releases';
import { EMPTY_FOLDER_DEFAULTS } from '@shared/upload-queue';
import type { UploadQueueItem, WatchedFolder } from '@shared/upload-queue';
import type * as apiClient from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { FolderUploadPage } from './folder-upload-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const FOLDER: WatchedFolder = {
  id: 'f1',
  path: '/home/designer/春季花型',
  name: '春季花型',
  defaults: { ...EMPTY_FOLDER_DEFAULTS, priceFen: 19_900, tags: ['碎花'] },
  addedAt: 0,
  problem: null,
};

const item = (patch: Partial<UploadQueueItem>): UploadQueueItem => ({
  id: 'i1',
  folderId: 'f1',
  path: '/home/designer/春季花型/碎花.png',
  name: '碎花.png',
  size: 2_400_000,
  state: 'queued',
  progress: 0,
  attempts: 0,
  error: null,
  retryAt: null,
  sha256: null,
  fileKey: null,
  workId: null,
  sameAs: null,
  converted: false,
  width: null,
  height: null,
  enqueuedAt: 1,
  updatedAt: 1,
  ...patch,
});

const ANNA = { userId: 1, caiHongID: '80000001', name: '设计师甲' };
const BO = { userId: 2, caiHongID: '80000002', name: '设计师乙' };
const HELD =
  '上传已暂停：这些文件属于账号 设计师甲（彩虹号 80000001），请用该账号登录后继续，或将文件夹转到当前账号';

function status(
  patch: Partial<DesktopUploadQueueStatus['totals']> = {},
  paused = false,
): DesktopUploadQueueStatus {
  return {
    account: ANNA,
    holds: [],
    paused,
    pauseReason: paused ? 'user' : null,
    totals: {
      queued: 0,
      preparing: 0,
      uploading: 0,
      uploaded: 0,
      failed: 0,
      total: 0,
      bytesPerSecond: 0,
      filesPerMinute: 0,
      ...patch,
    },
  };
}

/** Stands in for the preload's `window.desktop.uploads`. */
function fakeUploads(queue: DesktopUploadQueueSnapshot) {
  let listener: ((change: DesktopUploadQueueChange) => void) | null = null;
  const uploads = {
    addFolder: vi.fn(async () => FOLDER),
    listFolders: vi.fn(async () => [FOLDER]),
    updateFolder: vi.fn(async (_id: string, defaults: WatchedFolder['defaults']) => ({
      ...FOLDER,
      defaults,
    })),
    removeFolder: vi.fn(async () => undefined),
    getQueue: vi.fn(async () => queue),
    pause: vi.fn(async () => status({}, true)),
    resume: vi.fn(async () => status()),
    retry: vi.fn(async () => status()),
    getPreview: vi.fn(async () => null),
    moveFolderToAccount: vi.fn(async () => ({ ...status({ queued: 1, total: 1 }), account: BO })),
    onChange: vi.fn((next: (change: DesktopUploadQueueChange) => void) => {
      listener = next;
      return () => {
        listener = null;
      };
    }),
  };
  const bridge = { uploads } as unknown as DesktopBridge;
  // Stands in for the preload, which defines `window.desktop` in the real app.
  Object.defineProperty(window, 'desktop', { value: bridge, configurable: true });
  return { uploads, push: (change: DesktopUploadQueueChange) => act(() => listener?.(change)) };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'desktop');
});

const page = (folderId: string | null = null, onSelectFolder = vi.fn()) =>
  renderWithApp(
    <FolderUploadPage folderId={folderId} onSelectFolder={onSelectFolder} categories={[]} />,
  );

describe('上传文件夹 page', () => {
  it('in the browser, says it needs the desktop client, offers its installer and links to the web batch upload', async () => {
    callApi.mockImplementation(async (call: CallDef) => {
      if (call !== getDesktopReleases) throw new Error(`unexpected call ${call.name}`);
      return mockCall(getDesktopReleases, {
        releases: [
          {
            platform: 'linux',
            fileName: 'wenyang-1.2.0-x86_64.AppImage',
            version: '1.2.0',
            size: 120_586_240,
            releaseDate: '2026-11-20T08:30:00.000Z',
            sha256: 'c'.repeat(64),
            downloadUrl: '/desktop/releases/wenyang-1.2.0-x86_64.AppImage',
            releaseNotes: '',
          },
        ],
      });
    });
    page();
    expect(screen.getByText('上传文件夹需要纹样桌面客户端')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去网页批量上传' })).toHaveAttribute(
      'href',
      '/publishWork/upload',
    );
    expect(await screen.findByRole('link', { name: /Linux/ })).toHaveAttribute(
      'href',
      '/desktop/releases/wenyang-1.2.0-x86_64.AppImage',
    );
    expect(screen.getByText('115.0 MB')).toBeInTheDocument();
  });

  it('shows the watched folders, totals and one row per file, updated live', async () => {
    const { push } = fakeUploads({
      ...status({ queued: 1, total: 1 }),
      items: [item({})],
    });
    page();
    expect(await screen.findByText('碎花.png')).toBeInTheDocument();
    expect(screen.getAllByText('春季花型').length).toBeGreaterThan(0);
    expect(screen.getByText('等待上传')).toBeInTheDocument();

    push({
      ...status({ uploading: 1, total: 2, queued: 1, bytesPerSecond: 3 * 1024 * 1024 }),
      changed: [
        item({ state: 'uploading', progress: 0.5, sha256: 'abc' }),
        item({ id: 'i2', name: '格纹.jpg', enqueuedAt: 2 }),
      ],
      removed: [],
      reset: false,
    });
    expect(await screen.findByText('上传中')).toBeInTheDocument();
    expect(screen.getByText('格纹.jpg')).toBeInTheDocument();
    expect(screen.getByText('3.0 MB/s')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '碎花.png 上传进度' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });

  it('shows the server’s reason for a failed file and retries it', async () => {
    const user = userEvent.setup();
    const { uploads } = fakeUploads({
      ...status({ failed: 1, total: 1 }),
      items: [item({ state: 'failed', error: '图片文件不完整或已损坏，请重新导出后上传' })],
    });
    page();
    expect(await screen.findByText('图片文件不完整或已损坏，请重新导出后上传')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /全部重试/ }));
    expect(uploads.retry).toHaveBeenLastCalledWith('all');
    await user.click(screen.getByRole('button', { name: '重试 碎花.png' }));
    expect(uploads.retry).toHaveBeenLastCalledWith('i1');
  });

  it('links an uploaded file to the draft work made from it', async () => {
    fakeUploads({
      ...status({ uploaded: 2, total: 2 }),
      items: [
        item({ state: 'uploaded', progress: 1, fileKey: 'k', workId: 7 }),
        item({ id: 'i2', name: '副本.png', state: 'uploaded', progress: 1, sameAs: 'i1' }),
      ],
    });
    page();
    expect(await screen.findByRole('link', { name: '编辑草稿' })).toHaveAttribute(
      'href',
      '/publishWork?id=7',
    );
    expect(screen.getByText('相同内容已上传过，未重复上传')).toBeInTheDocument();
  });

  it('pauses and resumes the queue', async () => {
    const user = userEvent.setup();
    const { uploads } = fakeUploads({ ...status(), items: [] });
    page();
    await user.click(await screen.findByRole('button', { name: /暂停/ }));
    expect(uploads.pause).toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: /继续上传/ }));
    expect(uploads.resume).toHaveBeenCalled();
  });

  it('adds a folder with the system picker and opens it', async () => {
    const user = userEvent.setup();
    const onSelectFolder = vi.fn();
    const { uploads } = fakeUploads({ ...status(), items: [] });
    page(null, onSelectFolder);
    await user.click(await screen.findByRole('button', { name: /添加文件夹/ }));
    expect(uploads.addFolder).toHaveBeenCalledWith();
    await waitFor(() => expect(onSelectFolder).toHaveBeenCalledWith('f1'));
  });

  it('says whose files a folder holds after another designer signs in, and moves it after asking', async () => {
    const { uploads } = fakeUploads({
      ...status({ queued: 1, total: 1 }),
      account: BO,
      holds: [{ folderId: 'f1', owner: ANNA, waiting: 1, message: HELD }],
      items: [item({})],
    });
    page('f1');
    expect(await screen.findByText(HELD)).toBeInTheDocument();
    expect(screen.getByText('1 个文件等待上传')).toBeInTheDocument();

    // Queries by label and text: role queries over the whole table are slow in jsdom.
    fireEvent.click(screen.getByLabelText('将 春季花型 转到当前账号'));
    const [title] = await screen.findAllByText('将“春季花型”转到当前账号“设计师乙”？');
    const dialog = title?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no confirm dialog');
    expect(dialog).toHaveTextContent('已上传的文件仍属于原账号“设计师甲”');
    expect(uploads.moveFolderToAccount).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByText('转到当前账号'));
    await waitFor(() => expect(uploads.moveFolderToAccount).toHaveBeenCalledWith('f1'));
    await waitFor(() => expect(screen.queryByText(HELD)).not.toBeInTheDocument());
  });

  it('moves nothing when the designer cancels', async () => {
    const { uploads } = fakeUploads({
      ...status({ queued: 1, total: 1 }),
      account: BO,
      holds: [{ folderId: 'f1', owner: ANNA, waiting: 1, message: HELD }],
      items: [item({})],
    });
    page();
    expect(await screen.findByText('“春季花型”：1 个文件等待上传')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('将 春季花型 转到当前账号'));
    const [title] = await screen.findAllByText('将“春季花型”转到当前账号“设计师乙”？');
    const dialog = title?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no confirm dialog');
    fireEvent.click(within(dialog).getByText(/^取\s?消$/));
    expect(uploads.moveFolderToAccount).not.toHaveBeenCalled();
    expect(screen.getByText(HELD)).toBeInTheDocument();
  });

  it('saves a folder’s default metadata with the price in fen', async () => {
    const user = userEvent.setup();
    const { uploads } = fakeUploads({ ...status(), items: [] });
    page('f1');
    // Queries by text and placeholder: role queries over the whole table are slow in jsdom.
    await screen.findByText('“春季花型”的默认信息');
    const price = screen.getByPlaceholderText('如：199');
    expect(price).toHaveValue('199.00');
    fireEvent.change(price, { target: { value: '88.5' } });
    fireEvent.change(screen.getByPlaceholderText('如：2025 春季印花'), {
      target: { value: '春季新品' },
    });
    await user.click(screen.getByText('保存默认信息'));
    await waitFor(() =>
      expect(uploads.updateFolder).toHaveBeenCalledWith('f1', {
        categoryId: null,
        series: '春季新品',
        classification: '',
        priceFen: 8850,
        tags: ['碎花'],
      }),
    );
  });
});
