import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopDownloadsCalls, DownloadSettings } from '@shared/bridge';
import { fastUser } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { DOWNLOAD_NAME_STORAGE_KEY, useDownloadNameStore } from '../stores/download-name-store';
import { DownloadSettingsView } from './download-settings-view';

const DEFAULTS: DownloadSettings = {
  folder: 'C:\\Users\\me\\Downloads',
  folderIsDefault: true,
  nameRule: 'title',
  closeToTray: true,
};

/** A desktop whose main process keeps the settings in memory, as the real one does on disk. */
function fakeDesktop(chosen: string | null = 'D:\\授权原图'): DesktopDownloadsCalls {
  let settings = { ...DEFAULTS };
  return {
    getSettings: vi.fn(async () => settings),
    chooseFolder: vi.fn(async () => {
      if (chosen === null) return null;
      settings = { ...settings, folder: chosen, folderIsDefault: false };
      return settings;
    }),
    setSettings: vi.fn(async (change) => {
      settings = { ...settings, ...change };
      return settings;
    }),
    resetSettings: vi.fn(async () => {
      settings = { ...DEFAULTS };
      return settings;
    }),
    saveFile: vi.fn(async () => ({ ok: false as const, message: '未用到' })),
  };
}

beforeEach(() => {
  useDownloadNameStore.getState().reset();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('DownloadSettingsView in the browser', () => {
  it('keeps the naming rule on this computer and shows an example name', async () => {
    renderWithApp(<DownloadSettingsView />);
    expect(screen.getByText('授权原图保存到浏览器的下载位置')).toBeInTheDocument();
    expect(screen.getByLabelText('作品名（默认）')).toBeChecked();
    expect(screen.getByText('青花缠枝莲.tif')).toBeInTheDocument();

    await fastUser().click(screen.getByLabelText('订单号+作品名'));
    expect(screen.getByText('LS202611240001_青花缠枝莲.tif')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(DOWNLOAD_NAME_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { nameRule: 'orderTitle' },
    });

    await fastUser().click(screen.getByRole('button', { name: '恢复默认' }));
    expect(screen.getByLabelText('作品名（默认）')).toBeChecked();
    expect(useDownloadNameStore.getState().nameRule).toBe('title');
  });
});

describe('DownloadSettingsView on the desktop', () => {
  it('shows the folder, lets the user choose another and name files by number', async () => {
    const desktop = fakeDesktop();
    renderWithApp(<DownloadSettingsView desktop={desktop} />);
    expect(await screen.findByTestId('download-folder')).toHaveTextContent(DEFAULTS.folder);
    expect(screen.getByText('默认：系统下载文件夹')).toBeInTheDocument();

    await fastUser().click(screen.getByRole('button', { name: '更改文件夹' }));
    await waitFor(() =>
      expect(screen.getByTestId('download-folder')).toHaveTextContent('D:\\授权原图'),
    );
    expect(screen.queryByText('默认：系统下载文件夹')).not.toBeInTheDocument();

    await fastUser().click(screen.getByLabelText('作品编号'));
    await waitFor(() => expect(desktop.setSettings).toHaveBeenCalledWith({ nameRule: 'workNo' }));
    expect(await screen.findByText('WY-00000123.tif')).toBeInTheDocument();

    await fastUser().click(screen.getByRole('button', { name: '恢复默认' }));
    await waitFor(() =>
      expect(screen.getByTestId('download-folder')).toHaveTextContent(DEFAULTS.folder),
    );
    expect(screen.getByLabelText('作品名（默认）')).toBeChecked();
    expect(localStorage.getItem(DOWNLOAD_NAME_STORAGE_KEY)).toBeNull();
  });

  it('turns 关闭窗口时最小化到托盘 off and on', async () => {
    const desktop = fakeDesktop();
    renderWithApp(<DownloadSettingsView desktop={desktop} />);
    const toggle = await screen.findByRole('switch', { name: '关闭窗口时最小化到托盘' });
    expect(toggle).toBeChecked();
    await fastUser().click(toggle);
    await waitFor(() => expect(desktop.setSettings).toHaveBeenCalledWith({ closeToTray: false }));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('changes nothing when the picker is cancelled, and says why a folder was refused', async () => {
    const desktop = fakeDesktop(null);
    renderWithApp(<DownloadSettingsView desktop={desktop} />);
    await fastUser().click(await screen.findByRole('button', { name: '更改文件夹' }));
    await waitFor(() => expect(desktop.chooseFolder).toHaveBeenCalled());
    expect(screen.getByTestId('download-folder')).toHaveTextContent(DEFAULTS.folder);

    vi.mocked(desktop.chooseFolder).mockRejectedValueOnce(
      new Error('该文件夹不能写入，请换一个文件夹'),
    );
    await fastUser().click(screen.getByRole('button', { name: '更改文件夹' }));
    expect(await screen.findByText('该文件夹不能写入，请换一个文件夹')).toBeInTheDocument();
  });
});
