import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { getWithdrawals, handleWithdrawal } from '@shared/contract/wallet';
import type { AdminWithdrawal } from '@shared/contract/wallet';
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

const APPLIED: AdminWithdrawal = {
  id: 7,
  withdrawalNo: 'TX20261124000000000007',
  amountFen: 30_000,
  state: 'applied',
  stateTitle: '审核中',
  bankName: '招商银行',
  cardNumberMasked: '6225 **** 7890',
  holderName: '林青禾',
  rejectReason: '',
  createdAt: '2026-11-24T03:00:00.000Z',
  handledAt: '',
  designerName: '青禾设计',
  caiHongID: '10000001',
  cardNumber: '6225881234567890',
  paySerial: '',
};
const APPROVED: AdminWithdrawal = { ...APPLIED, id: 8, state: 'approved', stateTitle: '待打款' };

let states: Record<number, AdminWithdrawal>;

beforeEach(() => {
  states = { 7: APPLIED, 8: APPROVED };
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getWithdrawals) {
      const list = Object.values(states).filter((w) => w.state === input.state);
      return mockCall(getWithdrawals, { list, total: list.length });
    }
    if (call === handleWithdrawal) {
      const w = states[Number(input.id)]!;
      if (input.action === 'pay' && w.state !== 'approved')
        throw new ApiError(1022, '该提现申请审核中，不能标记已打款');
      const next: AdminWithdrawal =
        input.action === 'approve'
          ? { ...w, state: 'approved', stateTitle: '待打款' }
          : input.action === 'pay'
            ? { ...w, state: 'paid', stateTitle: '已打款', paySerial: String(input.paySerial) }
            : { ...w, state: 'rejected', stateTitle: '已驳回', rejectReason: String(input.reason) };
      states[w.id] = next;
      return mockCall(handleWithdrawal, next);
    }
    return mockCall(getWithdrawals, { list: [], total: 0 });
  });
});

const openDesk = async () => {
  renderWithApp(<FinanceDesk />, { initialEntries: ['/admin/finance?tab=withdrawals'] });
  return (await screen.findByText('6225881234567890')).closest('tr')!;
};

describe('FinanceDesk, 提现审核', () => {
  it('lists applied withdrawals with the whole card number and approves one', async () => {
    const row = await openDesk();
    expect(within(row).getByText('青禾设计')).toBeInTheDocument();
    expect(within(row).getByText('¥300')).toBeInTheDocument();
    await fastUser().click(within(row).getByText('审核通过'));
    await waitFor(() =>
      expect(callsOf(handleWithdrawal)).toEqual([
        { id: 7, action: 'approve', paySerial: '', reason: '' },
      ]),
    );
    expect(await screen.findByText('已审核通过，请打款后标记已打款')).toBeInTheDocument();
    expect(callsOf(getWithdrawals)[0]).toEqual({ state: 'applied', pageIndex: 1, pageSize: 20 });
  });

  it('marks an approved withdrawal paid with the bank serial', async () => {
    const user = fastUser();
    await openDesk();
    await user.click(screen.getByText('待打款'));
    const row = (await screen.findByText('标记已打款')).closest('tr')!;
    await user.click(within(row).getByText('标记已打款'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('打款流水号'), 'CMB001');
    await user.click(within(dialog).getByRole('button', { name: '确认已打款' }));
    await waitFor(() =>
      expect(callsOf(handleWithdrawal)).toEqual([
        { id: 8, action: 'pay', paySerial: 'CMB001', reason: '' },
      ]),
    );
  });

  it('rejects with a reason', async () => {
    const user = fastUser();
    const row = await openDesk();
    await user.click(within(row).getByText('驳回'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('原因'), '银行卡信息有误');
    await user.click(within(dialog).getByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() =>
      expect(callsOf(handleWithdrawal)).toEqual([
        { id: 7, action: 'reject', paySerial: '', reason: '银行卡信息有误' },
      ]),
    );
    expect(await screen.findByText('已驳回，金额已退回设计师的可提现余额')).toBeInTheDocument();
  });
});
