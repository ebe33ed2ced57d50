import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getExpiryRemain } from '@shared/contract/membership';
import {
  getOrder,
  getPayResult,
  orderReturnQrCode,
  payOrder as payOrderCall,
} from '@shared/contract/orders';
import type * as apiClient from '../../../api/api-client';
import { ApiError, unwrapEnvelope } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { ORDER_NO, orderDetail, payOrder, payResult } from '../test/orders-fixtures';
import { OrderPayment } from './order-payment';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

let qr: (payMethod: number) => Promise<unknown>;
let result: () => Promise<unknown>;
let balance: () => Promise<unknown>;
let order = orderDetail();
let quotaLeft = 0;

const BANK = {
  accountName: '纹样（杭州）文化科技有限公司',
  bankName: '招商银行杭州分行营业部',
  accountNo: '5719 0866 1010 888',
  reference: ORDER_NO,
  note: '请在转账备注中填写订单号，到账确认后订单自动完成',
};

beforeEach(() => {
  callApi.mockReset();
  order = orderDetail();
  quotaLeft = 0;
  qr = async (payMethod) =>
    mockCall(
      orderReturnQrCode,
      payMethod === 3
        ? payOrder({ payMethod, qrCode: '', channel: 'bank', bank: BANK })
        : payOrder({ payMethod }),
    );
  result = async () => mockCall(getPayResult, payResult());
  balance = async () => mockCall(payOrderCall, payResult({ paid: true, orderState: 'paid' }));
  callApi.mockImplementation(async (call: CallDef, input: unknown) => {
    if (call === getOrder) return mockCall(getOrder, order);
    if (call === getExpiryRemain) {
      return mockCall(getExpiryRemain, {
        authCode: 'S1',
        authTitle: '素材授权',
        authValue: 300,
        unit: '次',
        remainValue: quotaLeft,
        endTime: Date.now() + 86_400_000,
      });
    }
    if (call === orderReturnQrCode) return qr((input as { payMethod: number }).payMethod);
    if (call === getPayResult) return result();
    if (call === payOrderCall) return balance();
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

const renderPayment = () =>
  renderWithApp(<OrderPayment kind="purchase" orderNo={ORDER_NO} />, {
    initialEntries: [`/purchaseOrder/2?orderNo=${ORDER_NO}`],
  });

describe('OrderPayment (step 2)', () => {
  it('shows a 119 px QR, switches the pay method, and shows the bank account for 银行转账', async () => {
    const user = fastUser();
    renderPayment();
    const qrBox = await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    const svg = qrBox.querySelector('svg');
    expect(svg).toHaveAttribute('width', '119');
    expect(svg).toHaveAttribute('height', '119');
    expect(screen.getByTestId('pay-amount')).toHaveTextContent('¥2,400');
    expect(screen.getByRole('link', { name: '在新窗口打开支付页' })).toHaveAttribute(
      'href',
      payOrder().qrCode,
    );
    expect(requestsOf(callApi, orderReturnQrCode)).toEqual([{ orderNo: ORDER_NO, payMethod: 1 }]);

    await user.click(screen.getByRole('tab', { name: '支付宝' }));
    await waitFor(() =>
      expect(requestsOf(callApi, orderReturnQrCode)).toContainEqual({
        orderNo: ORDER_NO,
        payMethod: 2,
      }),
    );
    expect(await screen.findByText(/请使用支付宝扫码支付/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '银行转账' }));
    const bank = await screen.findByTestId('bank-transfer');
    expect(bank).toHaveTextContent('招商银行杭州分行营业部');
    expect(bank).toHaveTextContent('5719 0866 1010 888');
    expect(bank).toHaveTextContent(ORDER_NO);
    expect(bank).toHaveTextContent(BANK.note);
    expect(screen.queryByTestId('pay-qr')).not.toBeInTheDocument();
  });

  it('keeps asking for the result every 3 seconds and moves to step 3 once paid', async () => {
    let asked = 0;
    result = async () => {
      asked += 1;
      return mockCall(
        getPayResult,
        asked > 1
          ? payResult({ paid: true, paymentState: 'paid', orderState: 'paid' })
          : payResult(),
      );
    };
    renderPayment();
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    await waitFor(
      () =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          `/purchaseOrder/3?orderNo=${ORDER_NO}`,
        ),
      { timeout: 6000 },
    );
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it('says why a paid order was refunded when its exclusivity went to someone else', async () => {
    result = async () =>
      mockCall(
        getPayResult,
        payResult({
          paid: true,
          paymentState: 'refunded',
          orderState: 'refunded',
          message: '该作品「服装」品类的独家授权已售出，款项已原路退回',
        }),
      );
    renderPayment();
    expect(
      await screen.findByText('该作品「服装」品类的独家授权已售出，款项已原路退回'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/purchaseOrder/2');
  });

  it('shows 操作失败！ when the QR call fails without a message', async () => {
    qr = async () => unwrapEnvelope({ code: 500 }, 500);
    renderPayment();
    expect(await screen.findByText('操作失败！')).toBeInTheDocument();
    expect(screen.queryByTestId('pay-qr')).not.toBeInTheDocument();
  });

  it('shows the server message when the balance is short', async () => {
    const user = fastUser();
    balance = async () => {
      throw new ApiError(1002, '余额不足');
    };
    renderPayment();
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: '余额支付' }));
    expect(await screen.findByText('余额不足')).toBeInTheDocument();
    expect(requestsOf(callApi, payOrderCall)).toEqual([{ orderNo: ORDER_NO }]);
  });

  it('lets a member take a material licence from the 素材授权 quota, one unit per year', async () => {
    const user = fastUser();
    order = orderDetail({ licenceKind: 'material', licenceTitle: '素材授权', termYears: 2 });
    quotaLeft = 5;
    renderWithApp(<OrderPayment kind="material" orderNo={ORDER_NO} />, {
      initialEntries: [`/materialOrder/2?orderNo=${ORDER_NO}`],
    });
    await user.click(
      await screen.findByRole(
        'button',
        { name: '使用会员额度（剩余 5 次，本单 2 次）' },
        { timeout: 5000 },
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/materialOrder/3?orderNo=${ORDER_NO}`,
      ),
    );
    expect(requestsOf(callApi, payOrderCall)).toEqual([{ orderNo: ORDER_NO, payWith: 'quota' }]);
  });

  it('offers no quota when it does not cover the term, nor for a category-exclusive licence', async () => {
    order = orderDetail({ licenceKind: 'material', termYears: 2 });
    quotaLeft = 1;
    const { unmount } = renderWithApp(<OrderPayment kind="material" orderNo={ORDER_NO} />, {
      initialEntries: [`/materialOrder/2?orderNo=${ORDER_NO}`],
    });
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    await waitFor(() => expect(requestsOf(callApi, getExpiryRemain)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /使用会员额度/ })).not.toBeInTheDocument();
    unmount();

    order = orderDetail();
    quotaLeft = 10;
    renderPayment();
    await screen.findByTestId('pay-qr', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /使用会员额度/ })).not.toBeInTheDocument();
    expect(requestsOf(callApi, getExpiryRemain)).toHaveLength(1);
  });
});
