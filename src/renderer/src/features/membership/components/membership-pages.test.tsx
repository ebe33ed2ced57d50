import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVipInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import type { DosingPackage } from '@shared/contract/membership';
import {
  getAuthList,
  getDosingPackageList,
  getDosingQrCode,
  payPcOrderQuery,
} from '@shared/contract/membership';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { DosingPacketPage } from './membership-pages';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const PACKS: DosingPackage[] = [
  {
    id: 11,
    title: '素材授权加量包（50次）',
    authCode: 'S1',
    authTitle: '素材授权',
    count: 50,
    unitName: '次',
    priceFen: 98_000,
    description: '会员期内追加 50 次素材授权',
  },
];

let vipEndSeconds = 0;

beforeEach(() => {
  callApi.mockReset();
  useSessionStore.getState().markSignedIn();
  callApi.mockImplementation(async (call: CallDef, input: unknown) => {
    if (call === getDosingPackageList) return mockCall(getDosingPackageList, PACKS);
    if (call === getAuthList) {
      return mockCall(getAuthList, [
        {
          authCode: 'S1',
          authTitle: '素材授权',
          authValue: 300,
          unit: '次',
          remainValue: 12,
          endTime: vipEndSeconds * 1000,
        },
      ]);
    }
    if (call === getVipInfo) {
      return mockCall(getVipInfo, {
        vipType: vipEndSeconds > 0 ? 2 : 0,
        vipEndTime: vipEndSeconds,
        vipTryEndTime: 0,
        userAuthList: [],
        userAuths: '',
      });
    }
    if (call === getDosingQrCode) {
      const { dosingId, payMethod } = input as { dosingId: number; payMethod: number };
      return mockCall(getDosingQrCode, {
        qrCode: `http://127.0.0.1/pay/sandbox/PQ${dosingId}${payMethod}000000`,
        payOrderNo: `PQ${dosingId}${payMethod}000000`,
        orderNo: 'VD20261124000001',
        amountFen: 98_000,
        years: 0,
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
        channel: 'sandbox',
        bank: null,
      });
    }
    if (call === payPcOrderQuery) throw new ApiError(0, '等待支付');
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => {
  useSessionStore.getState().clear();
  vi.restoreAllMocks();
});

describe('DosingPacketPage', () => {
  it('lists the packs with what each adds and the current remaining; only members may buy', async () => {
    vipEndSeconds = 0;
    renderWithApp(<DosingPacketPage />);
    const row = (await screen.findByText('素材授权加量包（50次）')).closest('tr')!;
    expect(row).toHaveTextContent('素材授权 +50次');
    expect(row).toHaveTextContent('12次');
    expect(row).toHaveTextContent('¥980');
    expect(await screen.findByTestId('dosing-members-only')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /购\s?买/ })).toBeDisabled();
  });

  it('lets a member buy a pack by QR, asking again when the method changes', async () => {
    vipEndSeconds = Math.floor(Date.now() / 1000) + 86_400 * 200;
    const user = fastUser();
    renderWithApp(<DosingPacketPage />);
    const row = (await screen.findByText('素材授权加量包（50次）')).closest('tr')!;
    const buy = within(row).getByRole('button', { name: /购\s?买/ });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    expect(requestsOf(callApi, getDosingQrCode)).toEqual([
      { dosingId: 11, payMethod: 2, device: 1 },
    ]);
    await user.click(screen.getByRole('radio', { name: '支付宝' }));
    await waitFor(() =>
      expect(requestsOf(callApi, getDosingQrCode)).toContainEqual({
        dosingId: 11,
        payMethod: 1,
        device: 1,
      }),
    );
  });
});
