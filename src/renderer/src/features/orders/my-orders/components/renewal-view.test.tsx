import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getRenewalEmpowerList, submitRenewal } from '@shared/contract/orders';
import type { RenewableLicence } from '@shared/contract/orders';
import type * as apiClient from '../../../../api/api-client';
import { fastUser, requestsOf } from '../../../../test/api-calls';
import { mockCall } from '../../../../test/mock-call';
import { renderWithApp } from '../../../../test/render-with-app';
import { orderDetail } from '../../test/orders-fixtures';
import { RenewalInfoView, RenewalListView } from './renewal-view';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const OLD_NO = 'WY20251124120000000001';
const RENEWAL_NO = 'WY20261124120000000077';

const licence = (over: Partial<RenewableLicence> = {}): RenewableLicence => ({
  orderNo: OLD_NO,
  creationId: 7,
  title: '青花缠枝',
  thumbUrl: '',
  licenceKind: 'category_exclusive',
  licenceTitle: '品类独家授权',
  orderType: 'purchase',
  categories: [{ kid: 1, title: '服装' }],
  licenceStart: '2025-12-04',
  licenceEnd: '2026-12-04',
  daysLeft: 10,
  yearPriceFen: 123400,
  renewable: true,
  reason: '',
  pendingRenewalNo: '',
  ...over,
});

let list: RenewableLicence[];

beforeEach(() => {
  callApi.mockReset();
  list = [licence()];
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getRenewalEmpowerList) return mockCall(getRenewalEmpowerList, { list });
    if (call === submitRenewal) {
      return mockCall(submitRenewal, orderDetail({ orderNo: RENEWAL_NO, orderType: 'purchase' }));
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('renewal', () => {
  it('lists licences ending soon with the price to renew, or why one cannot be', async () => {
    list = [
      licence(),
      licence({
        orderNo: 'WY20251124120000000002',
        title: '回纹',
        daysLeft: -5,
        renewable: false,
        reason: '该品类的独家授权已由他人持有，无法续费',
      }),
    ];
    renderWithApp(<RenewalListView />);
    expect(await screen.findByText('青花缠枝')).toBeInTheDocument();
    expect(screen.getByText('还剩 10 天')).toBeInTheDocument();
    expect(screen.getByText('已到期 5 天')).toBeInTheDocument();
    expect(screen.getAllByText('¥1,234 / 年')).toHaveLength(2);
    expect(screen.getByText('该品类的独家授权已由他人持有，无法续费')).toBeInTheDocument();
  });

  it('prices the chosen years and goes to paying the new order', async () => {
    const user = fastUser();
    renderWithApp(<RenewalInfoView orderNo={OLD_NO} />);
    expect(await screen.findByTestId('renewal-amount')).toHaveTextContent('¥1,234');
    await user.click(screen.getByText('3 年'));
    expect(screen.getByTestId('renewal-amount')).toHaveTextContent('¥3,702');
    await user.click(screen.getByText('提交续费订单'));
    await waitFor(() =>
      expect(requestsOf(callApi, submitRenewal)).toEqual([
        { orderNo: OLD_NO, termYears: 3, idemKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/purchaseOrder/2?orderNo=${RENEWAL_NO}`,
      ),
    );
    expect(requestsOf(callApi, getRenewalEmpowerList)[0]).toEqual({ orderNo: OLD_NO });
  });
});
