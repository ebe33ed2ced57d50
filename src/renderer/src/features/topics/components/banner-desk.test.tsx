import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getBannerList, saveBanner, setBannerEnabled, sortBanners } from '@shared/contract/topics';
import type { AdminBanner } from '@shared/contract/topics';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { BannerDesk } from './banner-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const banner = (id: number, title: string, patch: Partial<AdminBanner> = {}): AdminBanner => ({
  bannerId: id,
  title,
  bannerUrl: `/files/public/banners/home-top-${id}.png`,
  linkUrl: '/pageChild/four',
  linkTarget: '_self',
  zoneName: 'home-top',
  imageKey: `public/banners/home-top-${id}.png`,
  enabled: true,
  startsAt: '',
  endsAt: '',
  sort: id,
  live: true,
  ...patch,
});

const BANNERS = [
  banner(1, '四方连续专题'),
  banner(2, '会员季', { enabled: false, live: false }),
  banner(3, '新年图案征集', { startsAt: '2099-01-01T00:00:00.000Z', live: false }),
];

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { bannerIds?: number[] }) => {
    if (call === getBannerList) return mockCall(getBannerList, BANNERS);
    if (call === sortBanners) {
      const ids = input.bannerIds ?? [];
      return mockCall(
        sortBanners,
        ids.map((id) => BANNERS.find((b) => b.bannerId === id) ?? BANNERS[0]!),
      );
    }
    if (call === setBannerEnabled) return mockCall(setBannerEnabled, BANNERS[1]!);
    if (call === saveBanner) return mockCall(saveBanner, BANNERS[0]!);
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('BannerDesk (/admin/banners 横幅管理)', () => {
  it('shows each banner with its state, reorders the whole zone, and checks a new banner first', async () => {
    const user = fastUser();
    renderWithApp(<BannerDesk />);
    expect(await screen.findByText('四方连续专题')).toBeInTheDocument();
    expect(screen.getByText('投放中')).toBeInTheDocument();
    expect(screen.getByText('已停用')).toBeInTheDocument();
    expect(screen.getByText('未开始')).toBeInTheDocument();
    expect(screen.getByText(/^2099-01-01 \d\d:00 至 长期$/)).toBeInTheDocument();

    await user.click(screen.getByLabelText('下移四方连续专题'));
    await waitFor(() =>
      expect(requestsOf(callApi, sortBanners)).toEqual([
        { zoneName: 'home-top', bannerIds: [2, 1, 3] },
      ]),
    );

    await user.click(screen.getByLabelText('启用会员季'));
    await waitFor(() =>
      expect(requestsOf(callApi, setBannerEnabled)).toEqual([{ bannerId: 2, enabled: true }]),
    );

    await user.click(screen.getByText('新增横幅'));
    await user.click(screen.getByLabelText('横幅标题'));
    await user.paste('春季花卉上新');
    await user.click(screen.getByText(/^保\s*存$/));
    expect(await screen.findByText('请上传横幅图片')).toBeInTheDocument();
    expect(requestsOf(callApi, saveBanner)).toEqual([]);
  }, 60_000);
});
