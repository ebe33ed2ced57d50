import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVipInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import type { MemberPackage, MemberPayOrder } from '@shared/contract/membership';
import {
  getAuthList,
  getMemberPackageConfig,
  getMemberQrCode,
  getShowMemberPackageList,
  payPcOrderQuery,
} from '@shared/contract/membership';
import type * as apiClient from '../../../api/api-client';
import { ApiError, unwrapEnvelope } from '../../../api/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { MEMBER_RESULT_MESSAGE } from '../lib/finish-member-dialog';
import type { DialogHost } from '../lib/finish-member-dialog';
import { MembershipDialog } from './membership-dialog';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const auth = (code: string, title: string, count: number) => ({
  authorityId: count,
  code,
  title,
  count,
  unitName: '次',
  computeMode: 'per_year',
});
const PACKAGES: MemberPackage[] = [
  {
    id: 1,
    title: '企业旗舰版',
    price: 15800,
    description: '适合品牌与大型工厂',
    authList: [auth('S1', '素材授权', 600)],
  },
  {
    id: 2,
    title: '专业商用版',
    price: 9800,
    description: '适合中小工厂与电商',
    authList: [auth('S1', '素材授权', 300)],
  },
  {
    id: 3,
    title: '设计选图版',
    price: 9800,
    description: '适合设计团队',
    authList: [auth('S1', '素材授权', 200)],
  },
];
const BANK = {
  accountName: '纹样（杭州）文化科技有限公司',
  bankName: '招商银行杭州分行营业部',
  accountNo: '5719 0866 1010 888',
  reference: 'VM20261124000001',
  note: '请在汇款附言中填写订单号 VM20261124000001',
};
const PAID_END = Date.UTC(2028, 10, 24, 4);

type QrInput = { typeId: number; payMethod: number; amount: number };
const payOrder = (input: QrInput): MemberPayOrder => {
  const payOrderNo = `PQ${input.typeId}${input.payMethod}${input.amount}00000000`;
  const tier = PACKAGES.find((p) => p.id === input.typeId)!.price;
  return {
    qrCode: input.payMethod === 4 ? '' : `http://127.0.0.1/pay/sandbox/${payOrderNo}`,
    payOrderNo,
    orderNo: 'VM20261124000001',
    amountFen: tier * 100 * input.amount,
    years: input.amount,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    channel: input.payMethod === 4 ? 'bank' : 'sandbox',
    bank: input.payMethod === 4 ? BANK : null,
  };
};

let qr: (input: QrInput) => Promise<unknown>;
let payState: () => Promise<unknown>;

beforeEach(() => {
  callApi.mockReset();
  useSessionStore.getState().markSignedIn();
  qr = async (input) => mockCall(getMemberQrCode, payOrder(input));
  payState = async () => {
    throw new ApiError(0, '等待支付');
  };
  callApi.mockImplementation(async (call: CallDef, input: unknown) => {
    if (call === getShowMemberPackageList) return mockCall(getShowMemberPackageList, PACKAGES);
    if (call === getMemberPackageConfig) {
      return mockCall(getMemberPackageConfig, {
        '15800': [{ id: 1, title: '企业旗舰版' }],
        '9800': [
          { id: 2, title: '专业商用版' },
          { id: 3, title: '设计选图版' },
        ],
      });
    }
    if (call === getMemberQrCode) return qr(input as QrInput);
    if (call === payPcOrderQuery) return payState();
    if (call === getAuthList) return mockCall(getAuthList, []);
    if (call === getVipInfo) {
      return mockCall(getVipInfo, {
        vipType: 0,
        vipEndTime: 0,
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

const fakeHost = (inFrame: boolean) => {
  const postMessage = vi.fn();
  const reload = vi.fn();
  const host: DialogHost = {
    parent: inFrame ? { postMessage } : null,
    location: { reload },
  };
  return { host, postMessage, reload };
};

/** The dialog as a page opens it: closing it sets `open` false, as VipPage does. */
function Harness({ host }: { host: DialogHost }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <MembershipDialog open={open} host={host} onClosed={() => setOpen(false)} />
      <output data-testid="dialog-state">{open ? 'open' : 'closed'}</output>
    </>
  );
}

const qrRequests = () =>
  requestsOf(callApi, getMemberQrCode) as { typeId: number; payMethod: number; amount: number }[];

describe('MembershipDialog', () => {
  it('shows tier × years and asks for a new QR on every choice, WeChat as 2 and Alipay as 1', async () => {
    const user = fastUser();
    const { host } = fakeHost(false);
    renderWithApp(<Harness host={host} />);
    const qrBox = await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    expect(qrBox.querySelector('svg')).toHaveAttribute('width', '119');
    expect(screen.getByTestId('member-price')).toHaveTextContent('¥15,800');
    expect(screen.getAllByRole('radio', { name: /企业旗舰版|专业商用版|设计选图版/ })).toHaveLength(
      3,
    );
    expect(qrRequests()).toEqual([{ typeId: 1, payMethod: 2, device: 1, amount: 1 }]);

    await user.click(screen.getByText('9800元/年'));
    expect(screen.getByTestId('member-price')).toHaveTextContent('¥9,800');
    await waitFor(() =>
      expect(qrRequests()).toContainEqual({ typeId: 2, payMethod: 2, device: 1, amount: 1 }),
    );

    await user.click(screen.getByRole('radio', { name: '2年' }));
    expect(screen.getByTestId('member-price')).toHaveTextContent('¥19,600');
    await waitFor(() =>
      expect(qrRequests()).toContainEqual({ typeId: 2, payMethod: 2, device: 1, amount: 2 }),
    );

    await user.click(screen.getByRole('radio', { name: /设计选图版/ }));
    await waitFor(() =>
      expect(qrRequests()).toContainEqual({ typeId: 3, payMethod: 2, device: 1, amount: 2 }),
    );

    await user.click(screen.getByRole('radio', { name: '支付宝' }));
    await waitFor(() =>
      expect(qrRequests()).toContainEqual({ typeId: 3, payMethod: 1, device: 1, amount: 2 }),
    );
    expect(await screen.findByText(/请使用支付宝扫码支付/)).toBeInTheDocument();
    expect(screen.getByText('¥19,600', { selector: '.member-pay strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '《会员服务协议》' })).toHaveAttribute(
      'href',
      '/agreement/memberService',
    );
  });

  it('shows the transfer details and the receipt note for 对公转账, with no QR to poll', async () => {
    const user = fastUser();
    const { host } = fakeHost(false);
    renderWithApp(<Harness host={host} />);
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    await waitFor(() => expect(requestsOf(callApi, payPcOrderQuery).length).toBeGreaterThan(0));
    await user.click(screen.getByRole('radio', { name: '对公转账' }));
    const polledBefore = requestsOf(callApi, payPcOrderQuery).length;
    const bank = await screen.findByTestId('bank-transfer');
    expect(bank).toHaveTextContent('招商银行杭州分行营业部');
    expect(bank).toHaveTextContent('5719 0866 1010 888');
    expect(bank).toHaveTextContent('VM20261124000001');
    expect(bank).toHaveTextContent('¥15,800');
    expect(bank).toHaveTextContent('转账后请联系客服并提供转账凭证');
    expect(screen.queryByTestId('pay-qr')).not.toBeInTheDocument();
    expect(qrRequests()).toContainEqual({ typeId: 1, payMethod: 4, device: 1, amount: 1 });
    await new Promise((r) => setTimeout(r, 3500));
    expect(requestsOf(callApi, payPcOrderQuery).length).toBe(polledBefore);
  }, 15_000);

  it('polls every 3 s until paid, shows 开通成功 and reloads the page on 确定', async () => {
    const user = fastUser();
    let asked = 0;
    payState = async () => {
      asked += 1;
      if (asked < 2) throw new ApiError(0, '等待支付');
      return mockCall(payPcOrderQuery, { payOrderNo: 'PQ12100000000', vipEndTime: PAID_END });
    };
    const { host, reload, postMessage } = fakeHost(false);
    const { queryClient } = renderWithApp(<Harness host={host} />);
    queryClient.setQueryData(['accounts', 'vip-info'], { vipType: 0 });
    expect(await screen.findByText('开通成功', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(asked).toBe(2);
    expect(screen.getByText('会员有效期至 2028-11-24')).toBeInTheDocument();
    // The side menu's vip info is read again.
    expect(queryClient.getQueryState(['accounts', 'vip-info'])?.isInvalidated).toBe(true);
    await user.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(postMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId('dialog-state')).toHaveTextContent('closed');
  }, 15_000);

  it('stops polling when the dialog closes', async () => {
    const user = fastUser();
    const { host, reload } = fakeHost(false);
    renderWithApp(<Harness host={host} />);
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    await waitFor(() => expect(requestsOf(callApi, payPcOrderQuery).length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: /^(Close|关闭)$/ }));
    expect(screen.getByTestId('dialog-state')).toHaveTextContent('closed');
    expect(reload).toHaveBeenCalledTimes(1);
    const polled = requestsOf(callApi, payPcOrderQuery).length;
    await new Promise((r) => setTimeout(r, 3500));
    expect(requestsOf(callApi, payPcOrderQuery).length).toBe(polled);
  }, 15_000);

  it('inside the designer-tool frame, posts the result to the parent instead of reloading', async () => {
    const user = fastUser();
    payState = async () =>
      mockCall(payPcOrderQuery, { payOrderNo: 'PQ12100000000', vipEndTime: PAID_END });
    const { host, reload, postMessage } = fakeHost(true);
    renderWithApp(<Harness host={host} />);
    const opened = await screen.findByText('开通成功', {}, { timeout: 5000 });
    await user.click(
      within(opened.closest('.ant-result') as HTMLElement).getByRole('button', {
        name: /^确\s?定$/,
      }),
    );
    expect(postMessage).toHaveBeenCalledWith(
      {
        type: MEMBER_RESULT_MESSAGE,
        paid: true,
        payOrderNo: 'PQ12100000000',
        vipEndTime: PAID_END,
      },
      '*',
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it("says the server's message when the QR fails, else 操作失败！", async () => {
    const user = fastUser();
    qr = async (input) => {
      if (input.typeId === 1) throw new ApiError(1004, '套餐不存在或已停用！');
      return unwrapEnvelope({ code: 500 }, 500);
    };
    const { host } = fakeHost(false);
    renderWithApp(<Harness host={host} />);
    expect(
      await screen.findByText('套餐不存在或已停用！', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByText('9800元/年'));
    expect(await screen.findByText('操作失败！')).toBeInTheDocument();
    expect(screen.queryByTestId('pay-qr')).not.toBeInTheDocument();
  });
});
