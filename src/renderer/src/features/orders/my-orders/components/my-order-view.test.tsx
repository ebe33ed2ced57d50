import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef, CallResponse } from '@shared/contract/define';
import { cancelOrder, getMyOrders } from '@shared/contract/orders';
import type { OrderSummary } from '@shared/contract/orders';
import type * as apiClient from '../../../../api/api-client';
import { fastUser, requestsOf } from '../../../../test/api-calls';
import { mockCall } from '../../../../test/mock-call';
import { renderWithApp } from '../../../../test/render-with-app';
import { orderDetail } from '../../test/orders-fixtures';
import { MyOrderView } from './my-order-view';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const summary = (over: Partial<OrderSummary>): OrderSummary => ({
  orderNo: 'WY20261124120000000001',
  state: 'pending',
  stateTitle: '待支付',
  creationId: 7,
  title: '青花缠枝',
  thumbUrl: '',
  designerName: '林设计',
  licenceKind: 'category_exclusive',
  licenceTitle: '品类独家授权',
  orderType: 'purchase',
  termYears: 2,
  amountFen: 240000,
  createdAt: '2026-11-24T04:00:00.000Z',
  expiresAt: '2026-11-24T04:30:00.000Z',
  paidAt: null,
  licenceStart: '',
  licenceEnd: '',
  ...over,
});

const PENDING = summary({});
const PAID = summary({
  orderNo: 'WY20261124120000000002',
  state: 'paid',
  stateTitle: '已支付',
  title: '回纹',
  orderType: 'material',
  licenceTitle: '素材授权',
  licenceStart: '2026-11-24',
  licenceEnd: '2027-11-24',
});
const COUNTS = { pending: 1, paid: 3, authorised: 2, cancelled: 4 };

let orders: () => Promise<CallResponse<typeof getMyOrders>>;

beforeEach(() => {
  callApi.mockReset();
  orders = async () => ({ list: [PENDING, PAID], total: 2, counts: COUNTS });
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getMyOrders) return mockCall(getMyOrders, await orders());
    if (call === cancelOrder) {
      return mockCall(cancelOrder, orderDetail({ orderNo: PENDING.orderNo, state: 'cancelled' }));
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('MyOrderView', () => {
  it('shows the tabs with their counts and asks for the orders of the chosen state', async () => {
    const user = fastUser();
    renderWithApp(<MyOrderView activeIndex={2} />);
    expect(await screen.findByText('青花缠枝')).toBeInTheDocument();
    expect(screen.getByText('全部订单 10')).toBeInTheDocument();
    expect(screen.getByText('已支付 3')).toBeInTheDocument();
    expect(screen.getByText('已退款 0')).toBeInTheDocument();
    expect(requestsOf(callApi, getMyOrders)[0]).toEqual({
      state: 'paid',
      keyword: '',
      pageIndex: 1,
      pageSize: 10,
    });
    await user.click(screen.getByText('已取消 4'));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/myorder/4');
    await user.type(screen.getByLabelText('搜索订单'), 'WY2026{Enter}');
    await waitFor(() =>
      expect(requestsOf(callApi, getMyOrders)).toContainEqual(
        expect.objectContaining({ keyword: 'WY2026' }),
      ),
    );
  });

  it('offers paying and cancelling a pending order, and the documents and details of a paid one', async () => {
    const user = fastUser();
    renderWithApp(<MyOrderView activeIndex={0} />);
    const pendingRow = (await screen.findByText('青花缠枝')).closest('tr')!;
    const paidRow = screen.getByText('回纹').closest('tr')!;
    expect(within(pendingRow).getByText('¥2,400')).toBeInTheDocument();
    expect(within(pendingRow).queryByText('订单详情')).toBeNull();
    expect(within(paidRow).getByText('授权凭证')).toHaveAttribute(
      'href',
      `/materialOrder/proof?orderNo=${PAID.orderNo}`,
    );
    expect(within(paidRow).getByText('订单详情')).toHaveAttribute(
      'href',
      `/user/myorder/detail?orderNo=${PAID.orderNo}`,
    );
    expect(
      within(paidRow).getByText('2026-11-24 至 2027-11-24', { exact: false }),
    ).toBeInTheDocument();
    expect(within(paidRow).queryByText('去支付')).toBeNull();
    await user.click(within(pendingRow).getByText('去支付'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/purchaseOrder/2?orderNo=${PENDING.orderNo}`,
    );
  });

  it('cancels a pending order only after the buyer confirms', async () => {
    const user = fastUser();
    renderWithApp(<MyOrderView activeIndex={0} />);
    const pendingRow = (await screen.findByText('青花缠枝')).closest('tr')!;
    await user.click(within(pendingRow).getByText('取消订单'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(`确定取消订单 ${PENDING.orderNo}？取消后需重新下单。`),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByText('再想想'));
    expect(requestsOf(callApi, cancelOrder)).toEqual([]);
    await user.click(within(pendingRow).getByText('取消订单'));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: '取消订单' }));
    await waitFor(() =>
      expect(requestsOf(callApi, cancelOrder)).toEqual([{ orderNo: PENDING.orderNo }]),
    );
    expect(await screen.findByText('订单已取消')).toBeInTheDocument();
  }, 60_000);

  it('invites a buyer without orders to browse works', async () => {
    const user = fastUser();
    orders = async () => ({ list: [], total: 0, counts: {} });
    renderWithApp(<MyOrderView activeIndex={0} />);
    expect(await screen.findByText('还没有订单')).toBeInTheDocument();
    await user.click(screen.getByText('去逛逛作品'));
    expect(screen.getByTestId('location')).toHaveTextContent('/work');
  });
});
