import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOWNLOAD_SETTINGS_FILE, openDownloadSettings } from './download-settings';

let dir: string;
let userData: string;
let systemDownloads: string;
const open = () => openDownloadSettings({ dir: userData, defaultFolder: systemDownloads });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wenyang-downloads-'));
  userData = join(dir, 'userData');
  systemDownloads = join(dir, 'Downloads');
  await mkdir(systemDownloads);
  await mkdir(join(dir, '授权原图'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('download settings', () => {
  it('saves to the system download folder, named by the work, until told otherwise', async () => {
    const settings = await open();
    expect(await settings.get()).toEqual({
      folder: systemDownloads,
      folderIsDefault: true,
      nameRule: 'title',
      closeToTray: true,
    });
  });

  it('keeps the chosen folder and naming rule across restarts', async () => {
    const settings = await open();
    const chosen = join(dir, '授权原图');
    expect(await settings.setFolder(chosen)).toMatchObject({
      folder: chosen,
      folderIsDefault: false,
    });
    await settings.set({ nameRule: 'orderTitle' });
    const again = await open();
    expect(await again.get()).toEqual({
      folder: chosen,
      folderIsDefault: false,
      nameRule: 'orderTitle',
      closeToTray: true,
    });
    const file = JSON.parse(
      await readFile(join(userData, DOWNLOAD_SETTINGS_FILE), 'utf8'),
    ) as unknown;
    expect(file).toEqual({ version: 1, folder: chosen, nameRule: 'orderTitle', closeToTray: true });
  });

  it('goes back to the defaults on 恢复默认', async () => {
    const settings = await open();
    await settings.setFolder(join(dir, '授权原图'));
    await settings.set({ nameRule: 'workNo' });
    expect(await settings.reset()).toEqual({
      folder: systemDownloads,
      folderIsDefault: true,
      nameRule: 'title',
      closeToTray: true,
    });
    expect(await (await open()).get()).toMatchObject({ folderIsDefault: true, nameRule: 'title' });
  });

  it('refuses a relative path, a missing folder, a file and an unknown naming rule', async () => {
    const settings = await open();
    await writeFile(join(dir, 'a.txt'), 'x');
    await expect(settings.setFolder('授权原图')).rejects.toThrow('请选择一个文件夹');
    await expect(settings.setFolder(42)).rejects.toThrow('请选择一个文件夹');
    await expect(settings.setFolder(join(dir, '没有'))).rejects.toThrow('文件夹不存在');
    await expect(settings.setFolder(join(dir, 'a.txt'))).rejects.toThrow('不是文件夹');
    await expect(settings.set({ nameRule: '../../x' })).rejects.toThrow('文件命名方式不正确');
    await expect(settings.set(null)).rejects.toThrow('文件命名方式不正确');
    expect(await settings.get()).toMatchObject({ folderIsDefault: true, nameRule: 'title' });
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'refuses a folder it cannot write to',
    async () => {
      const locked = join(dir, '只读');
      await mkdir(locked);
      await chmod(locked, 0o500);
      await expect((await open()).setFolder(locked)).rejects.toThrow('不能写入');
    },
  );

  it('falls back to the default folder while the chosen one is gone, and keeps the choice', async () => {
    const usb = join(dir, 'U盘');
    await mkdir(usb);
    const settings = await open();
    await settings.setFolder(usb);
    await rm(usb, { recursive: true });
    expect(await settings.get()).toMatchObject({ folder: systemDownloads, folderIsDefault: true });
    await mkdir(usb);
    expect(await settings.get()).toMatchObject({ folder: usb, folderIsDefault: false });
  });

  it('starts from the defaults when the file is damaged or holds nonsense', async () => {
    await mkdir(userData, { recursive: true });
    await writeFile(join(userData, DOWNLOAD_SETTINGS_FILE), '{not json');
    expect(await (await open()).get()).toMatchObject({ folderIsDefault: true, nameRule: 'title' });
    await writeFile(
      join(userData, DOWNLOAD_SETTINGS_FILE),
      JSON.stringify({ folder: 'relative/path', nameRule: 'rm -rf' }),
    );
    expect(await (await open()).get()).toMatchObject({ folderIsDefault: true, nameRule: 'title' });
  });

  it('writes quick changes in order', async () => {
    const settings = await open();
    await Promise.all([
      settings.set({ nameRule: 'workNo' }),
      settings.set({ nameRule: 'orderTitle' }),
    ]);
    expect(await (await open()).get()).toMatchObject({ nameRule: 'orderTitle' });
  });
});

describe('关闭窗口时最小化到托盘', () => {
  it('is on by default, kept across restarts, and back on after 恢复默认', async () => {
    const settings = await open();
    expect(await settings.get()).toMatchObject({ closeToTray: true });
    expect(await settings.set({ closeToTray: false })).toMatchObject({
      closeToTray: false,
      nameRule: 'title',
    });
    expect(await (await open()).get()).toMatchObject({ closeToTray: false });
    expect(await settings.reset()).toMatchObject({ closeToTray: true });
  });

  it('refuses anything but true or false, changing nothing', async () => {
    const settings = await open();
    await expect(settings.set({ closeToTray: 'no' })).rejects.toThrow('设置无效');
    await expect(settings.set({ closeToTray: false, nameRule: 'x' })).rejects.toThrow(
      '文件命名方式不正确',
    );
    expect(await settings.get()).toMatchObject({ closeToTray: true, nameRule: 'title' });
  });
});
