import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getDesktopReleases } from '@shared/contract/desktop-releases';
import type { DesktopRelease } from '@shared/contract/desktop-releases';
import type * as apiClient from '../../api/api-client';
import { fastUser } from '../../test/api-calls';
import { mockCall } from '../../test/mock-call';
import { renderWithApp } from '../../test/render-with-app';
import { DesktopDownloadCard } from './desktop-download-card';
import { visitorPlatform } from './visitor-platform';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const release = (patch: Partial<DesktopRelease> & Pick<DesktopRelease, 'platform'>) => ({
  fileName: 'wenyang-setup-1.2.0.exe',
  version: '1.2.0',
  size: 94_371_840,
  releaseDate: '2026-11-20T08:30:00.000Z',
  sha256: 'a'.repeat(64),
  downloadUrl: '/desktop/releases/wenyang-setup-1.2.0.exe',
  releaseNotes: '修复了上传队列在断网后的重试',
  ...patch,
});

const WINDOWS = release({ platform: 'windows' });
const MAC = release({
  platform: 'mac',
  fileName: 'wenyang-1.2.0-x64.dmg',
  downloadUrl: '/desktop/releases/wenyang-1.2.0-x64.dmg',
  size: 110_100_480,
  sha256: 'b'.repeat(64),
});
const LINUX = release({
  platform: 'linux',
  fileName: 'wenyang-1.2.0-x86_64.AppImage',
  downloadUrl: '/desktop/releases/wenyang-1.2.0-x86_64.AppImage',
  size: 120_586_240,
  sha256: 'c'.repeat(64),
});

const MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function answer(releases: DesktopRelease[]) {
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getDesktopReleases) return mockCall(getDesktopReleases, { releases });
    throw new Error(`unexpected call ${call.name}`);
  });
}

beforeEach(() => {
  callApi.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('visitorPlatform', () => {
  it('reads client hints first, then the user agent, and offers phones nothing', () => {
    expect(visitorPlatform({ userAgent: WINDOWS_UA, userAgentData: { platform: 'macOS' } })).toBe(
      'mac',
    );
    expect(visitorPlatform({ userAgent: WINDOWS_UA })).toBe('windows');
    expect(visitorPlatform({ userAgent: MAC_UA })).toBe('mac');
    expect(visitorPlatform({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0' })).toBe(
      'linux',
    );
    expect(
      visitorPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537' }),
    ).toBeNull();
    expect(
      visitorPlatform({
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      }),
    ).toBeNull();
  });
});

describe('DesktopDownloadCard', () => {
  it('offers the visitor’s own system first, the others below, each with version, size, date and SHA-256', async () => {
    answer([WINDOWS, MAC, LINUX]);
    renderWithApp(<DesktopDownloadCard navigator={{ userAgent: MAC_UA }} />);
    const main = await screen.findByRole('link', { name: /下载\s*macOS\s*版/ });
    expect(main).toHaveAttribute('href', '/desktop/releases/wenyang-1.2.0-x64.dmg');
    const mine = main.closest('.desktop-download__mine') as HTMLElement;
    expect(within(mine).getByText('v1.2.0')).toBeInTheDocument();
    expect(within(mine).getByText('105.0 MB')).toBeInTheDocument();
    expect(within(mine).getByText('2026年11月20日')).toBeInTheDocument();
    expect(within(mine).getByText('b'.repeat(64))).toBeInTheDocument();

    const others = screen.getByRole('list', { name: '其他系统' });
    const items = within(others).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Windows 安装程序（.exe）',
      'Linux AppImage',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/desktop/releases/wenyang-setup-1.2.0.exe',
    );
    expect(within(items[0]!).getByText('90.0 MB')).toBeInTheDocument();
    expect(within(items[1]!).getByText('c'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('修复了上传队列在断网后的重试')).toBeInTheDocument();
  });

  it('copies an installer’s SHA-256', async () => {
    answer([WINDOWS, LINUX]);
    const user = fastUser();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithApp(<DesktopDownloadCard navigator={{ userAgent: WINDOWS_UA }} />);
    await user.click(await screen.findByRole('button', { name: '复制 Linux 安装包的 SHA-256' }));
    expect(writeText).toHaveBeenCalledWith('c'.repeat(64));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
  });

  it('lists every system when the visitor’s own has no installer', async () => {
    answer([WINDOWS]);
    renderWithApp(
      <DesktopDownloadCard
        navigator={{ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0' }}
      />,
    );
    expect(await screen.findByText('请选择你的系统下载：')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^下载/ })).not.toBeInTheDocument();
    const all = screen.getByRole('list', { name: '全部系统' });
    expect(within(all).getByRole('link')).toHaveTextContent('Windows 安装程序（.exe）');
  });

  it('says honestly that nothing is published yet, with no download button', async () => {
    answer([]);
    renderWithApp(<DesktopDownloadCard navigator={{ userAgent: WINDOWS_UA }} />);
    expect(await screen.findByText('桌面客户端安装包即将发布')).toBeInTheDocument();
    await waitFor(() => expect(callApi).toHaveBeenCalledWith(getDesktopReleases, {}));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /下载/ })).not.toBeInTheDocument();
  });
});
