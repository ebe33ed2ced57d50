import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVipInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import type { DosingPackage, MemberPackage } from '@shared/contract/membership';
import {
  getAuthList,
  getDosingPackageList,
  getDosingQrCode,
  getMemberPackageConfig,
  getMemberQrCode,
  getShowMemberPackageList,
  getUserBalance,
  payMemberByBalance,
  payPcOrderQuery,
} from '@shared/contract/membership';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import type { DialogHost } from '../lib/finish-member-dialog';
import { MembershipDialog } from './membership-dialog';
import { DosingPacketPage } from './membership-pages';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const PACKAGES: MemberPackage[] = [
  {
    id: 1,
    title: '企业旗舰版',
    price: 15800,
    description: '适合品牌与大型工厂',
    authList: [],
  },
  {
    id: 2,
    title: '专业商用版',
    price: 9800,
    description: '适合中小工厂与电商',
    authList: [],
  },
];
const PACKS: DosingPackage[] = [
  {
    id: 11,
    title: '素材授权加量包（50次）',
    authCode: 'S1',
    authTitle: '素材授权',
    count: 50,
    unitName: '次',
    priceFen: 98_000,
    description: '',
  },
];
const PAID_END = Date.UTC(2028, 10, 24, 4);

let balanceFen = 0;
let payByBalance: (input: unknown) => Promise<unknown>;

beforeEach(() => {
  callApi.mockReset();
  useSessionStore.getState().markSignedIn();
  balanceFen = 0;
  payByBalance = async () =>
    mockCall(payMemberByBalance, {
      payOrderNo: 'PY0123456789ABCDEF',
      orderNo: 'VM0123456789ABCDEF',
      amountFen: 1_960_000,
      vipEndTime: PAID_END,
      balanceFen: balanceFen - 1_960_000,
    });
  const vipEndSeconds = Math.floor(Date.now() / 1000) + 86_400 * 200;
  callApi.mockImplementation(async (call: CallDef, input: unknown) => {
    if (call === getShowMemberPackageList) return mockCall(getShowMemberPackageList, PACKAGES);
    if (call === getMemberPackageConfig) {
      return mockCall(getMemberPackageConfig, {
        '15800': [{ id: 1, title: '企业旗舰版' }],
        '9800': [{ id: 2, title: '专业商用版' }],
      });
    }
    if (call === getMemberQrCode || call === getDosingQrCode) {
      return mockCall(getMemberQrCode, {
        qrCode: 'http://127.0.0.1/pay/sandbox/PQ1000000000',
        payOrderNo: 'PQ1000000000',
        orderNo: 'VM1000000000',
        amountFen: 1_580_000,
        years: 1,
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
        channel: 'sandbox',
        bank: null,
      });
    }
    if (call === payPcOrderQuery) throw new ApiError(0, '等待支付');
    if (call === getUserBalance) return mockCall(getUserBalance, { balanceFen });
    if (call === payMemberByBalance) return payByBalance(input);
    if (call === getDosingPackageList) return mockCall(getDosingPackageList, PACKS);
    if (call === getAuthList) return mockCall(getAuthList, []);
    if (call === getVipInfo) {
      return mockCall(getVipInfo, {
        vipType: 2,
        vipEndTime: vipEndSeconds,
        vipTryEndTime: 0,
        userAuthList: [],
        userAuths: '',
      });
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => {
  useSessionStore.getState().clear();
  vi.restoreAllMocks();
});

const host = (): DialogHost => ({ parent: null, location: { reload: vi.fn() } });
const balanceRequests = () =>
  requestsOf(callApi, payMemberByBalance) as {
    kind: string;
    id: number;
    amount: number;
    requestKey: string;
  }[];

describe('余额支付 in the member dialog', () => {
  it('shows the balance and refuses with 余额不足 when it is short, asking for no QR', async () => {
    balanceFen = 500_000;
    const user = fastUser();
    renderWithApp(<MembershipDialog open host={host()} onClosed={() => undefined} />);
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    const qrAsked = requestsOf(callApi, getMemberQrCode).length;
    await user.click(screen.getByRole('radio', { name: '余额支付' }));
    expect(await screen.findByTestId('member-balance')).toHaveTextContent('¥5,000');
    expect(screen.getByRole('button', { name: '余额不足' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/recharge');
    expect(screen.queryByTestId('pay-qr')).not.toBeInTheDocument();
    expect(requestsOf(callApi, getMemberQrCode)).toHaveLength(qrAsked);
    expect(balanceRequests()).toEqual([]);
  });

  it('pays tier × years from the balance with one key per purchase and shows 开通成功', async () => {
    balanceFen = 2_000_000;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = payByBalance;
    payByBalance = async (input) => {
      await held;
      return first(input);
    };
    const user = fastUser();
    renderWithApp(<MembershipDialog open host={host()} onClosed={() => undefined} />);
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    await user.click(screen.getByText('9800元/年'));
    await user.click(screen.getByRole('radio', { name: '2年' }));
    await user.click(screen.getByRole('radio', { name: '余额支付' }));
    expect(await screen.findByTestId('member-balance')).toHaveTextContent('¥20,000');
    const pay = screen.getByRole('button', { name: /确认支付 ¥19,600/ });
    await user.click(pay);
    await user.click(pay);
    release();
    expect(await screen.findByText('开通成功')).toBeInTheDocument();
    expect(screen.getByText(/会员有效期至 2028-11-24/)).toBeInTheDocument();
    const sent = balanceRequests();
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(sent.map((r) => r.requestKey)).size).toBe(1);
    expect(sent[0]).toMatchObject({ kind: 'membership', id: 2, amount: 2 });
  });

  it('shows the server refusal (a concurrent payment spent the balance)', async () => {
    balanceFen = 2_000_000;
    payByBalance = async () => {
      throw new ApiError(500, '余额不足');
    };
    const user = fastUser();
    renderWithApp(<MembershipDialog open host={host()} onClosed={() => undefined} />);
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    await user.click(screen.getByRole('radio', { name: '余额支付' }));
    await user.click(await screen.findByRole('button', { name: /确认支付 ¥15,800/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('余额不足');
    expect(screen.queryByText('开通成功')).not.toBeInTheDocument();
  });
});

describe('余额支付 in the pack popup', () => {
  it('buys a pack from the balance and shows 购买成功', async () => {
    balanceFen = 100_000;
    payByBalance = async () =>
      mockCall(payMemberByBalance, {
        payOrderNo: 'PY0123456789ABCDEF',
        orderNo: 'VD0123456789ABCDEF',
        amountFen: 98_000,
        vipEndTime: 0,
        balanceFen: 2_000,
      });
    const user = fastUser();
    renderWithApp(<DosingPacketPage />);
    const row = (await screen.findByText('素材授权加量包（50次）')).closest('tr')!;
    const buy = within(row).getByRole('button', { name: /购\s?买/ });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    await user.click(screen.getByRole('radio', { name: '余额支付' }));
    expect(await screen.findByTestId('member-balance')).toHaveTextContent('¥1,000');
    await user.click(screen.getByRole('button', { name: /确认支付 ¥980/ }));
    expect(await screen.findByText('购买成功')).toBeInTheDocument();
    expect(balanceRequests()).toEqual([
      expect.objectContaining({ kind: 'dosing', id: 11, amount: 1 }),
    ]);
  });
});
