import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef, CallResponse } from '@shared/contract/define';
import { bindBankAccount, getBankAccount } from '@shared/contract/certification';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { BankAccountView } from './bank-account-view';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);
/** Pastes into a field: typing character by character is slow with antd in jsdom. */
const fill = async (field: HTMLElement, text: string) => {
  const user = fastUser();
  await user.click(field);
  await user.paste(text);
};
const COMPANY = '杭州纹样设计有限公司';

let info: CallResponse<typeof getBankAccount>;

beforeEach(() => {
  callApi.mockReset();
  info = { enterprises: [COMPANY], account: null };
  callApi.mockImplementation(async (call: CallDef, input: Record<string, string>) => {
    if (call === getBankAccount) return mockCall(getBankAccount, info);
    if (call === bindBankAccount) {
      info = {
        ...info,
        account: {
          accountName: input['accountName'] ?? '',
          bankName: input['bankName'] ?? '',
          branchName: input['branchName'] ?? '',
          accountNumberMasked: '6222 **** 0123',
          matchesEnterprise: true,
          boundAt: '2026-11-24T06:00:00.000Z',
        },
      };
      return mockCall(bindBankAccount, info);
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('BankAccountView', () => {
  it('asks for company verification first', async () => {
    info = { enterprises: [], account: null };
    renderWithApp(<BankAccountView />);
    expect(await screen.findByText('请先完成企业认证，再绑定企业银行账户')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去认证' })).toHaveAttribute(
      'href',
      '/user/certification',
    );
    expect(screen.queryByLabelText('银行账号')).not.toBeInTheDocument();
  });

  it('checks the number with the shared rule, then binds and shows it masked', async () => {
    renderWithApp(<BankAccountView />);
    await fill(await screen.findByLabelText('开户银行'), '招商银行');
    await fill(screen.getByLabelText('开户支行'), '杭州分行营业部');
    await fill(screen.getByLabelText('银行账号'), '6222-0212');
    await fastUser().click(screen.getByRole('button', { name: '绑定账户' }));
    expect(await screen.findByText('银行账号应为 8–30 位数字')).toBeInTheDocument();
    expect(callsOf(bindBankAccount)).toEqual([]);

    await fastUser().clear(screen.getByLabelText('银行账号'));
    await fill(screen.getByLabelText('银行账号'), '6222 0212 3456 7890 123');
    await fastUser().click(screen.getByRole('button', { name: '绑定账户' }));
    await waitFor(() =>
      expect(callsOf(bindBankAccount)).toEqual([
        {
          accountName: COMPANY,
          bankName: '招商银行',
          branchName: '杭州分行营业部',
          accountNumber: '6222 0212 3456 7890 123',
        },
      ]),
    );
    expect(await screen.findByText('6222 **** 0123')).toBeInTheDocument();
    expect(screen.getByText('已绑定的银行账户')).toBeInTheDocument();
  });

  it('shows a bound account and lets it be replaced', async () => {
    info = {
      enterprises: [COMPANY],
      account: {
        accountName: COMPANY,
        bankName: '工商银行',
        branchName: '西湖支行',
        accountNumberMasked: '6217 **** 2222',
        matchesEnterprise: false,
        boundAt: '2026-11-01T06:00:00.000Z',
      },
    };
    renderWithApp(<BankAccountView />);
    expect(await screen.findByText('6217 **** 2222')).toBeInTheDocument();
    expect(screen.getByText('与认证的企业名称不一致')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: '更换账户' }));
    expect(screen.getByLabelText('银行账号')).toBeInTheDocument();
  });
});
