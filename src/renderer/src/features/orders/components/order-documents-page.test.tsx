import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUserInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import {
  getContractLink,
  getCopyrightCertificate,
  getOrder,
  getTradeCertificate,
  getUserImgAuth,
  updateContractSignStatus,
} from '@shared/contract/orders';
import type { OrderDetail } from '@shared/contract/orders';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import type { SaveOriginal } from '../../../lib/save-original';
import { useSessionStore } from '../../../stores/session-store';
import { ORDER_NO, orderDetail } from '../test/orders-fixtures';
import { OrderDocumentsPage } from './order-documents-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const paid = (over: Partial<OrderDetail> = {}) =>
  orderDetail({
    state: 'paid',
    stateTitle: '已支付',
    paidAt: '2026-11-24T04:00:00.000Z',
    licenceStart: '2026-11-24',
    licenceEnd: '2028-11-23',
    payChannel: 'sandbox',
    payChannelTitle: '沙箱支付',
    canDownload: true,
    ...over,
  });
const doc = (name: string) => ({
  url: `/documents/${name}.pdf?sig=1`,
  code: 'ABCD1234',
  verifyUrl: '/verify/ABCD1234',
});

const saveOriginal = vi.fn<SaveOriginal>();

beforeEach(() => {
  callApi.mockReset();
  saveOriginal.mockReset();
  saveOriginal.mockResolvedValue({ fileName: '青花缠枝.png', savedPath: null });
  useSessionStore.setState({ loginState: 'no-logged-in' });
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getOrder) return mockCall(getOrder, paid());
    if (call === getUserInfo) {
      return mockCall(getUserInfo, {
        userId: 3,
        caiHongID: '10000003',
        userName: '杭州织造厂',
        headImg: '',
        smallHeadImg: '',
        memberType: 0,
        memberTypeName: '',
        isExpVip: false,
        expLeftTimes: 0,
        vipEndTime: 0,
        validitySecond: 0,
        settledInType: 0,
        isReadAndAgreeNotify: true,
        isUserKeywork: true,
        showExpVIP: false,
        isNewRegister: false,
        role: 'user',
      });
    }
    if (call === getTradeCertificate) return mockCall(getTradeCertificate, doc('trade'));
    if (call === getUserImgAuth) {
      return mockCall(getUserImgAuth, {
        url: '/files/originals/7.png?expires=1&sig=abc',
        fileName: '纹样-7-青花缠枝.png',
        expiresAt: '2026-11-24T05:00:00.000Z',
        width: 4000,
        height: 4000,
      });
    }
    if (call === getCopyrightCertificate) {
      return mockCall(getCopyrightCertificate, doc('copyright'));
    }
    if (call === getContractLink) {
      return mockCall(getContractLink, { ...doc('contract'), signed: false });
    }
    if (call === updateContractSignStatus) {
      return mockCall(
        updateContractSignStatus,
        paid({
          state: 'authorised',
          stateTitle: '已授权',
          contractSigned: true,
          contractSigner: '杭州织造厂',
        }),
      );
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('OrderDocumentsPage', () => {
  it('shows the licence period and opens each document in a new tab', async () => {
    const user = fastUser();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithApp(
      <OrderDocumentsPage kind="material" orderNo={ORDER_NO} saveOriginal={saveOriginal} />,
    );
    expect(await screen.findByTestId('licence-period', {}, { timeout: 5000 })).toHaveTextContent(
      '2026-11-24 至 2028-11-23',
    );
    expect(screen.queryByRole('button', { name: /签署合同/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /交易凭证/ }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/documents/trade.pdf?sig=1', '_blank', 'noopener'),
    );
    await user.click(screen.getByRole('button', { name: /版权证书/ }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('/documents/copyright.pdf?sig=1', '_blank', 'noopener'),
    );
    expect(requestsOf(callApi, getTradeCertificate)).toEqual([{ orderNo: ORDER_NO }]);
  });

  it('signs the contract after a dialog that names the signer', async () => {
    const user = fastUser();
    useSessionStore.getState().markSignedIn();
    renderWithApp(
      <OrderDocumentsPage kind="purchase" orderNo={ORDER_NO} saveOriginal={saveOriginal} />,
    );
    expect(await screen.findByText('未签署', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /签署合同/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('杭州织造厂')).toBeInTheDocument();
    expect(requestsOf(callApi, updateContractSignStatus)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '确认签署' }));
    expect(await screen.findByText(/已签署（杭州织造厂）/)).toBeInTheDocument();
    expect(requestsOf(callApi, updateContractSignStatus)).toEqual([
      { orderNo: ORDER_NO, agreed: true },
    ]);
  });

  it('saves the original under the download settings with the order’s number and title', async () => {
    const user = fastUser();
    renderWithApp(
      <OrderDocumentsPage kind="material" orderNo={ORDER_NO} saveOriginal={saveOriginal} />,
    );
    await user.click(await screen.findByRole('button', { name: /下载原图/ }, { timeout: 5000 }));
    await waitFor(() =>
      expect(saveOriginal).toHaveBeenCalledWith({
        url: '/files/originals/7.png?expires=1&sig=abc',
        workId: 7,
        title: '青花缠枝',
        orderNo: ORDER_NO,
      }),
    );
    expect(requestsOf(callApi, getUserImgAuth)).toEqual([{ creationId: 7 }]);
  });
});
