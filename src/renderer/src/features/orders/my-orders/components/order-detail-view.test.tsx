import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { channelShare, getOrder, updateOrderRemarks } from '@shared/contract/orders';
import type * as apiClient from '../../../../api/api-client';
import { fastUser, requestsOf } from '../../../../test/api-calls';
import { mockCall } from '../../../../test/mock-call';
import { renderWithApp } from '../../../../test/render-with-app';
import { ORDER_NO, orderDetail } from '../../test/orders-fixtures';
import { OrderDetailView } from './order-detail-view';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));
const copyText = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../../lib/clipboard', () => ({ copyText }));

const PAID = orderDetail({
  state: 'authorised',
  stateTitle: '已授权',
  paidAt: '2026-11-24T04:00:00.000Z',
  licenceStart: '2026-11-24',
  licenceEnd: '2028-11-24',
  payChannel: 'wechat',
  payChannelTitle: '微信支付',
  contractSigned: true,
  contractSigner: '杭州纹样科技有限公司',
  customKey: '春季系列',
  remarks: '旧备注',
  canDownload: true,
});

beforeEach(() => {
  callApi.mockReset();
  copyText.mockClear();
  callApi.mockImplementation(async (call: CallDef, input: unknown) => {
    if (call === getOrder) return mockCall(getOrder, PAID);
    if (call === updateOrderRemarks) {
      const { remarks } = input as { remarks: string };
      return mockCall(updateOrderRemarks, { ...PAID, remarks });
    }
    if (call === channelShare) {
      return mockCall(channelShare, {
        url: 'http://127.0.0.1/verify/ABC123',
        text: '我在纹样获得了作品「青花缠枝」的品类独家授权，授权真伪可扫码核验：http://127.0.0.1/verify/ABC123',
      });
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('OrderDetailView', () => {
  it('shows every field of the order and its documents', async () => {
    renderWithApp(<OrderDetailView orderNo={ORDER_NO} />);
    expect(await screen.findByText('已授权')).toBeInTheDocument();
    expect(screen.getByText('2026-11-24 至 2028-11-24')).toBeInTheDocument();
    expect(screen.getByText('微信支付')).toBeInTheDocument();
    expect(screen.getByText('已签署（杭州纹样科技有限公司）')).toBeInTheDocument();
    expect(screen.getByText('春季系列')).toBeInTheDocument();
    expect(screen.getByText('¥2,400')).toBeInTheDocument();
    expect(screen.getByText('查看合同')).toBeInTheDocument();
  });

  it('saves the remarks, at most 200 characters', async () => {
    const user = fastUser();
    renderWithApp(<OrderDetailView orderNo={ORDER_NO} />);
    const box = await screen.findByLabelText('订单备注');
    expect(box).toHaveValue('旧备注');
    expect(box).toHaveAttribute('maxlength', '200');
    await user.clear(box);
    await user.type(box, '用于春季女装');
    await user.click(screen.getByText('保存备注'));
    await waitFor(() =>
      expect(requestsOf(callApi, updateOrderRemarks)).toEqual([
        { orderNo: ORDER_NO, remarks: '用于春季女装' },
      ]),
    );
    expect(await screen.findByText('备注已保存')).toBeInTheDocument();
  });

  it('copies the licence to share to the clipboard', async () => {
    const user = fastUser();
    renderWithApp(<OrderDetailView orderNo={ORDER_NO} />);
    await user.click(await screen.findByText('分享授权'));
    await waitFor(() =>
      expect(copyText).toHaveBeenCalledWith(
        expect.stringContaining('http://127.0.0.1/verify/ABC123'),
      ),
    );
    expect(await screen.findByText('授权链接已复制，可粘贴分享给合作方核验')).toBeInTheDocument();
  });
});
