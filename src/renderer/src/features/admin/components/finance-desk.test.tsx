import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvoiceRequest } from '@shared/contract/billing';
import { getInvoiceRequests, handleInvoiceRequest } from '@shared/contract/billing';
import type { CallDef, CallResponse } from '@shared/contract/define';
import { ERROR_CODE } from '@shared/contract/envelope';
import { confirmBankTransfer, getPendingBankTransfers } from '@shared/contract/orders';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { FinanceDesk } from './finance-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);
const user = fastUser;

type Transfer = CallResponse<typeof getPendingBankTransfers>['list'][number];

const TRANSFER: Transfer = {
  payOrderNo: 'PB20240501000123',
  orderNo: 'WY20240501000045',
  purpose: 'licence',
  purposeTitle: '授权订单',
  itemTitle: '青花缠枝',
  years: 1,
  amountFen: 128050,
  buyerName: '锦绣服饰',
  buyerPhone: '13700000001',
  createdAt: '2024-05-01T02:00:00Z',
  expiresAt: '2024-05-08T02:00:00Z',
};

/** A membership bought by transfer: a service order, confirmed at the same desk. */
const MEMBER_TRANSFER: Transfer = {
  payOrderNo: 'PB20240502000007',
  orderNo: 'VM20240502000003',
  purpose: 'membership',
  purposeTitle: '开通会员',
  itemTitle: '企业会员',
  years: 2,
  amountFen: 1960000,
  buyerName: '云裳设计',
  buyerPhone: '13700000002',
  createdAt: '2024-05-02T02:00:00Z',
  expiresAt: '2024-05-05T02:00:00Z',
};

/** A balance recharge by transfer: nothing bought but the amount. */
const RECHARGE_TRANSFER: Transfer = {
  payOrderNo: 'PB20240503000011',
  orderNo: 'RC20240503000009',
  purpose: 'recharge',
  purposeTitle: '余额充值',
  itemTitle: '',
  years: null,
  amountFen: 50000,
  buyerName: '云裳设计',
  buyerPhone: '',
  createdAt: '2024-05-03T02:00:00Z',
  expiresAt: '2024-05-06T02:00:00Z',
};

const TRANSFERS = [TRANSFER, MEMBER_TRANSFER, RECHARGE_TRANSFER];

const INVOICE: AdminInvoiceRequest = {
  id: 12,
  orderNo: 'WY20240501000045',
  workTitle: '青花缠枝',
  amountFen: 128050,
  buyerType: 'company',
  title: '杭州锦绣服饰有限公司',
  taxNo: '91330100MA2XXXXX1Q',
  email: 'finance@jinxiu.cn',
  state: 'applied',
  stateTitle: '已申请',
  invoiceNo: '',
  rejectReason: '',
  createdAt: '2024-05-02T02:00:00Z',
  handledAt: null,
  buyerName: '锦绣服饰',
};

/** The server's words when the amount received is not the order's (ORDERS_MSG.pay.bankAmountMismatch). */
const AMOUNT_MISMATCH = '到账金额与订单金额不一致，请核对后再确认';

let confirmed: string[] = [];

beforeEach(() => {
  confirmed = [];
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getPendingBankTransfers) {
      const list = TRANSFERS.filter((t) => !confirmed.includes(t.payOrderNo));
      return mockCall(getPendingBankTransfers, { list, total: list.length });
    }
    if (call === confirmBankTransfer) {
      const transfer = TRANSFERS.find((t) => t.payOrderNo === input.payOrderNo);
      if (!transfer) throw new Error(`no transfer ${String(input.payOrderNo)}`);
      if (confirmed.includes(transfer.payOrderNo))
        throw new ApiError(ERROR_CODE.conflict, '该转账已确认或已关闭');
      if (input.amountFen !== transfer.amountFen)
        throw new ApiError(ERROR_CODE.rule, AMOUNT_MISMATCH);
      confirmed.push(transfer.payOrderNo);
      return mockCall(confirmBankTransfer, {
        payOrderNo: transfer.payOrderNo,
        paid: true,
        paymentState: 'paid',
        orderNo: transfer.orderNo,
        purpose: transfer.purpose,
        purposeTitle: transfer.purposeTitle,
        orderState: 'paid',
        message: '',
      });
    }
    if (call === getInvoiceRequests)
      return mockCall(
        getInvoiceRequests,
        input.state === 'applied' ? { list: [INVOICE], total: 1 } : { list: [], total: 0 },
      );
    if (call === handleInvoiceRequest)
      return mockCall(handleInvoiceRequest, {
        ...INVOICE,
        state: 'rejected',
        stateTitle: '已驳回',
        rejectReason: String(input.reason),
        handledAt: '2024-05-03T02:00:00Z',
      });
    throw new Error(`unexpected call ${call.name}`);
  });
});

const rowOf = async (transfer: Transfer) => {
  const row = (await screen.findByText(transfer.payOrderNo)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

const openConfirm = async (transfer: Transfer = TRANSFER) => {
  const row = (await screen.findByText(transfer.payOrderNo)).closest('tr');
  if (!row) throw new Error('no row');
  await user().click(within(row).getByText('确认到账'));
  return screen.findByRole('dialog');
};

const fillConfirm = async (serial: string, yuan: string) => {
  await user().type(screen.getByLabelText('银行流水号'), serial);
  await user().type(screen.getByLabelText('到账金额'), yuan);
};

describe('FinanceDesk, 银行转账确认', () => {
  it('lists the transfers waiting for the money, of every purpose, with what each is for', async () => {
    renderWithApp(<FinanceDesk />);
    expect(screen.getByRole('columnheader', { name: '用途' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '付款人' })).toBeInTheDocument();
    const row = await rowOf(TRANSFER);
    expect(within(row).getByText(TRANSFER.orderNo)).toBeInTheDocument();
    expect(within(row).getByText('授权订单')).toBeInTheDocument();
    expect(within(row).getByText('青花缠枝 · 1 年')).toBeInTheDocument();
    expect(within(row).getByText('锦绣服饰（13700000001）')).toBeInTheDocument();
    expect(within(row).getByText('¥1,280.50')).toBeInTheDocument();
    const member = await rowOf(MEMBER_TRANSFER);
    expect(within(member).getByText('开通会员')).toBeInTheDocument();
    expect(within(member).getByText('企业会员 · 2 年')).toBeInTheDocument();
    expect(within(member).getByText('¥19,600')).toBeInTheDocument();
    const recharge = await rowOf(RECHARGE_TRANSFER);
    expect(within(recharge).getByText('余额充值')).toBeInTheDocument();
    expect(within(recharge).getByText('云裳设计')).toBeInTheDocument();
    expect(within(recharge).getByText('¥500')).toBeInTheDocument();
    expect(callsOf(getPendingBankTransfers)).toEqual([{ pageIndex: 1, pageSize: 20 }]);
  });

  it('confirms a membership bought by transfer the same way, and only that row leaves', async () => {
    renderWithApp(<FinanceDesk />);
    const dialog = await openConfirm(MEMBER_TRANSFER);
    expect(within(dialog).getByText('开通会员 · 企业会员 · 2 年')).toBeInTheDocument();
    expect(within(dialog).getByText('云裳设计（13700000002）')).toBeInTheDocument();
    await fillConfirm('CCB20240502', '19600');
    await user().click(within(dialog).getByRole('button', { name: '确认到账' }));
    await waitFor(() =>
      expect(callsOf(confirmBankTransfer)).toEqual([
        { payOrderNo: MEMBER_TRANSFER.payOrderNo, bankSerial: 'CCB20240502', amountFen: 1960000 },
      ]),
    );
    expect(
      await screen.findByText(`已确认到账，开通会员 ${MEMBER_TRANSFER.orderNo} 已支付`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText(MEMBER_TRANSFER.payOrderNo)).not.toBeInTheDocument(),
    );
    expect(screen.getByText(TRANSFER.payOrderNo)).toBeInTheDocument();
    expect(screen.getByText(RECHARGE_TRANSFER.payOrderNo)).toBeInTheDocument();
  });

  it('confirms a transfer with the serial and the amount in fen, and the row leaves the list', async () => {
    renderWithApp(<FinanceDesk />);
    const dialog = await openConfirm();
    const ok = within(dialog).getByRole('button', { name: '确认到账' });
    expect(ok).toBeDisabled();
    await fillConfirm(' 6222020012345678 ', '1280.50');
    expect(ok).toBeEnabled();
    await user().click(ok);
    await waitFor(() =>
      expect(callsOf(confirmBankTransfer)).toEqual([
        { payOrderNo: TRANSFER.payOrderNo, bankSerial: '6222020012345678', amountFen: 128050 },
      ]),
    );
    expect(
      await screen.findByText(`已确认到账，授权订单 ${TRANSFER.orderNo} 已支付`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(TRANSFER.payOrderNo)).not.toBeInTheDocument());
  });

  it('shows the server’s refusal when another admin confirmed the transfer first', async () => {
    renderWithApp(<FinanceDesk />);
    const dialog = await openConfirm(RECHARGE_TRANSFER);
    expect(within(dialog).getByText('余额充值')).toBeInTheDocument();
    confirmed.push(RECHARGE_TRANSFER.payOrderNo);
    await fillConfirm('BOC0009', '500');
    await user().click(within(dialog).getByRole('button', { name: '确认到账' }));
    expect(await within(dialog).findByText('该转账已确认或已关闭')).toBeInTheDocument();
  });

  it('shows the server’s message when the amount received does not match, and keeps the row', async () => {
    renderWithApp(<FinanceDesk />);
    const dialog = await openConfirm();
    await fillConfirm('BANK0001', '1280');
    await user().click(within(dialog).getByRole('button', { name: '确认到账' }));
    expect(await within(dialog).findByText(AMOUNT_MISMATCH)).toBeInTheDocument();
    expect(callsOf(confirmBankTransfer)).toEqual([
      { payOrderNo: TRANSFER.payOrderNo, bankSerial: 'BANK0001', amountFen: 128000 },
    ]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getAllByText(TRANSFER.payOrderNo).length).toBeGreaterThan(0);
  });
});

describe('FinanceDesk, 发票申请', () => {
  it('lists the requests waiting and issues one with its number', async () => {
    renderWithApp(<FinanceDesk />, { initialEntries: ['/admin/finance?tab=invoices'] });
    const row = (await screen.findByText('青花缠枝')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('杭州锦绣服饰有限公司（单位）')).toBeInTheDocument();
    expect(callsOf(getInvoiceRequests)).toEqual([{ state: 'applied', pageIndex: 1, pageSize: 20 }]);
    await user().click(within(row).getByText('开具'));
    const dialog = await screen.findByRole('dialog');
    await user().type(within(dialog).getByLabelText('发票号码'), '24330000123456');
    await user().click(within(dialog).getByRole('button', { name: '开 具' }));
    await waitFor(() =>
      expect(callsOf(handleInvoiceRequest)).toEqual([
        { id: 12, action: 'issue', invoiceNo: '24330000123456', reason: '' },
      ]),
    );
  });

  it('rejects a request only with a reason', async () => {
    renderWithApp(<FinanceDesk />, { initialEntries: ['/admin/finance?tab=invoices'] });
    const row = (await screen.findByText('青花缠枝')).closest('tr');
    if (!row) throw new Error('no row');
    await user().click(within(row).getByText('驳回'));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: '确 定' });
    expect(ok).toBeDisabled();
    await user().type(within(dialog).getByLabelText('原因'), '  ');
    expect(ok).toBeDisabled();
    expect(callsOf(handleInvoiceRequest)).toEqual([]);
    await user().type(within(dialog).getByLabelText('原因'), '抬头有误');
    await user().click(ok);
    await waitFor(() =>
      expect(callsOf(handleInvoiceRequest)).toEqual([
        { id: 12, action: 'reject', invoiceNo: '', reason: '抬头有误' },
      ]),
    );
    expect(await screen.findByText('已驳回，买家会看到原因')).toBeInTheDocument();
  });
});
