import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBillList, getReceiptLink } from '@shared/contract/billing';
import type { BillRow } from '@shared/contract/billing';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { BillView } from './bill-view';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const PAYMENT: BillRow = {
  billNo: 'PQ20261124120000000001',
  kind: 'payment',
  kindTitle: '支付',
  channel: 'wechat',
  channelTitle: '微信支付',
  amountFen: 240000,
  orderNo: 'WY20261124120000000001',
  workTitle: '青花缠枝',
  at: '2026-11-24T04:00:00.000Z',
  note: '',
};
const REFUND: BillRow = {
  ...PAYMENT,
  billNo: 'RPQ20261124120000000001',
  kind: 'refund',
  kindTitle: '退款',
  at: '2026-11-24T04:01:00.000Z',
  note: '该作品「服装」品类的独家授权已售出，款项已原路退回',
};

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getBillList) {
      return mockCall(getBillList, {
        list: [REFUND, PAYMENT],
        total: 2,
        paidFen: 240000,
        refundedFen: 240000,
      });
    }
    if (call === getReceiptLink) {
      return mockCall(getReceiptLink, {
        url: '/receipts/RPQ20261124120000000001.pdf?expires=1&sig=x',
        expiresAt: '2026-11-24T05:00:00.000Z',
      });
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('BillView', () => {
  it('states every payment and refund with its totals', async () => {
    renderWithApp(<BillView />);
    const refund = (await screen.findByText('退款')).closest('tr')!;
    expect(within(refund).getByText('+¥2,400')).toBeInTheDocument();
    expect(within(refund).getByText(REFUND.note)).toBeInTheDocument();
    expect(screen.getByText('-¥2,400')).toBeInTheDocument();
    expect(screen.getByText('支付合计')).toBeInTheDocument();
    expect(screen.queryByText('下载票据')).toBeNull();
    expect(requestsOf(callApi, getBillList)[0]).toEqual({
      startDate: '',
      endDate: '',
      pageIndex: 1,
      pageSize: 20,
    });
  });

  it('opens the receipt of a payment or refund on the ticket page', async () => {
    const user = fastUser();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithApp(<BillView receipts />);
    const refund = (await screen.findByText(REFUND.billNo)).closest('tr')!;
    await user.click(within(refund).getByText('下载票据'));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        '/receipts/RPQ20261124120000000001.pdf?expires=1&sig=x',
        '_blank',
        'noopener',
      ),
    );
    expect(requestsOf(callApi, getReceiptLink)).toEqual([{ billNo: REFUND.billNo }]);
  });
});
