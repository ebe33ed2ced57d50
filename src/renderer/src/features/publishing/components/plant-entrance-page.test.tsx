import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getDesktopReleases } from '@shared/contract/desktop-releases';
import type { DesktopRelease } from '@shared/contract/desktop-releases';
import { getMyCreations } from '@shared/contract/publishing';
import type * as apiClient from '../../../api/api-client';
import { APP_VERSION } from '../../../config/build-info';
import { fastUser } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { COUNTS } from '../test/my-works';
import { PlantEntrancePage } from './plant-entrance-page';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const user = fastUser;
const CLOUD = 'https://cloud.wenyang.cn/';
let releases: DesktopRelease[] = [];
const WINDOWS_INSTALLER: DesktopRelease = {
  platform: 'windows',
  fileName: 'wenyang-setup-1.2.0.exe',
  version: '1.2.0',
  size: 94_371_840,
  releaseDate: '2026-11-20T08:30:00.000Z',
  sha256: 'a'.repeat(64),
  downloadUrl: '/desktop/releases/wenyang-setup-1.2.0.exe',
  releaseNotes: '',
};

// Role queries walk antd's whole tree in jsdom: buttons are found by their text.
const button = (text: string, scope: HTMLElement = document.body): HTMLElement => {
  const found = [...scope.querySelectorAll('button, a')].find(
    (el) => el.textContent?.replace(/\s/g, '') === text,
  );
  if (!(found instanceof HTMLElement)) throw new Error(`no button ${text}`);
  return found;
};
const card = (title: string): HTMLElement => {
  const found = screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card');
  if (!(found instanceof HTMLElement)) throw new Error(`no card ${title}`);
  return found;
};

beforeEach(() => {
  releases = [];
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getMyCreations)
      return mockCall(getMyCreations, { list: [], total: COUNTS.all, counts: COUNTS });
    if (call === getDesktopReleases) return mockCall(getDesktopReleases, { releases });
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('PlantEntrancePage', () => {
  it('presents the tools and sends a visitor who has not settled in to the settle-in page', async () => {
    renderWithApp(<PlantEntrancePage settled={false} desktop={false} designCloudUrl={CLOUD} />, {
      initialEntries: ['/plantEntrance'],
    });
    expect(screen.getByRole('heading', { name: '设计工具' })).toBeInTheDocument();
    for (const title of ['发布作品', '批量发布', '纹样桌面端', '设计云']) card(title);
    expect(screen.getByText(/发布作品前请先完成设计师入驻/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '我的作品' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '发布辅助' })).not.toBeInTheDocument();

    await user().click(button('批量发布', card('批量发布')));
    expect(screen.getByTestId('location')).toHaveTextContent('/application/spread');
    expect(callApi).not.toHaveBeenCalledWith(getMyCreations, expect.anything());
  });

  it('lets a settled designer publish in a new tab and shows their works at a glance', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithApp(<PlantEntrancePage settled desktop={false} />, {
      initialEntries: ['/plantEntrance'],
    });
    const stats = screen.getByRole('region', { name: '我的作品' });
    expect(await within(stats).findByText('作品总数')).toBeInTheDocument();
    expect(within(stats).getByText('审核中').closest('.ant-statistic')).toHaveTextContent(
      String(COUNTS.review),
    );
    expect(within(stats).getByText('已发布').closest('.ant-statistic')).toHaveTextContent(
      String(COUNTS.published),
    );
    expect(callApi).toHaveBeenCalledWith(getMyCreations, { pageIndex: 1, pageSize: 1 });

    await user().click(button('发布作品', card('发布作品')));
    expect(open).toHaveBeenLastCalledWith('/publishWork', '_blank', 'noopener');
    await user().click(button('批量发布', card('批量发布')));
    expect(open).toHaveBeenLastCalledWith('/publishWork/index2', '_blank', 'noopener');
    const parts = screen.getByRole('navigation', { name: '发布辅助' });
    await user().click(button('热门标签', parts));
    expect(open).toHaveBeenLastCalledWith('/publishWork/conponents/tags', '_blank', 'noopener');
  });

  it('in the browser offers the published installer for download', async () => {
    releases = [WINDOWS_INSTALLER];
    renderWithApp(<PlantEntrancePage settled={false} desktop={false} />);
    const desktop = card('纹样桌面端');
    const link = await within(desktop).findByRole('link', { name: /Windows/ });
    expect(link).toHaveAttribute('href', '/desktop/releases/wenyang-setup-1.2.0.exe');
    expect(within(desktop).getByText('a'.repeat(64))).toBeInTheDocument();
    expect(within(desktop).queryByText('上传文件夹')).not.toBeInTheDocument();
  });

  it('in the browser says the installer is coming when none is published, with no download link', async () => {
    renderWithApp(<PlantEntrancePage settled={false} desktop={false} />);
    const desktop = card('纹样桌面端');
    expect(await within(desktop).findByText('桌面客户端安装包即将发布')).toBeInTheDocument();
    expect(within(desktop).queryByRole('link')).not.toBeInTheDocument();
  });

  it('in the desktop client opens the folder upload page', async () => {
    renderWithApp(<PlantEntrancePage settled desktop />, { initialEntries: ['/plantEntrance'] });
    const desktop = card('纹样桌面端');
    expect(callApi).not.toHaveBeenCalledWith(getDesktopReleases, {});
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(within(desktop).getByText(`当前版本 v${APP_VERSION}`)).toBeInTheDocument();
    await user().click(button('上传文件夹', desktop));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/myPattern/localUpload');
  });

  it('opens the configured design cloud in a new tab, and has no card without one', () => {
    const { unmount } = renderWithApp(
      <PlantEntrancePage settled={false} desktop={false} designCloudUrl={CLOUD} />,
    );
    const link = button('打开设计云', card('设计云'));
    expect(link).toHaveAttribute('href', CLOUD);
    expect(link).toHaveAttribute('target', '_blank');
    unmount();
    renderWithApp(<PlantEntrancePage settled={false} desktop={false} />);
    expect(screen.queryByText('设计云')).not.toBeInTheDocument();
  });
});
