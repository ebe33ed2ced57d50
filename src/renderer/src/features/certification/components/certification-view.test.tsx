import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef, CallResponse } from '@shared/contract/define';
import type { VerifyRecord } from '@shared/contract/identity';
import { changeFirstSigner, getVerifyInfo, getVerifyUrl } from '@shared/contract/identity';
import { creditCodeCheckChar } from '@shared/rules/identity';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { CertificationView } from './certification-view';

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
const CODE_BODY = '91330100MA2B3C4D5';
const CODE = CODE_BODY + creditCodeCheckChar(CODE_BODY);

const record = (over: Partial<VerifyRecord>): VerifyRecord => ({
  id: 1,
  kind: 'personal',
  name: '王五',
  numberMasked: '110***********1234',
  status: 'verified',
  reason: '',
  provider: 'sandbox',
  isSigner: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

let info: CallResponse<typeof getVerifyInfo>;

beforeEach(() => {
  callApi.mockReset();
  info = {
    verified: true,
    records: [record({ id: 1, isSigner: true })],
    signerId: 1,
  };
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getVerifyInfo) return mockCall(getVerifyInfo, info);
    if (call === getVerifyUrl) {
      const company = record({
        id: 2,
        kind: 'enterprise',
        name: String(input['name']),
        numberMasked: '913***********5X',
      });
      info = { ...info, records: [company, ...info.records] };
      return mockCall(getVerifyUrl, { record: company, url: null });
    }
    if (call === changeFirstSigner) {
      const id = Number(input['id']);
      info = {
        ...info,
        signerId: id,
        records: info.records.map((r) => ({ ...r, isSigner: r.id === id })),
      };
      return mockCall(changeFirstSigner, info);
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('CertificationView', () => {
  it('shows each kind of verification, masked, and why the signer matters', async () => {
    renderWithApp(<CertificationView />);
    const personal = await screen.findByTestId('identity-personal');
    expect(within(personal).getByText('已认证')).toBeInTheDocument();
    expect(within(personal).getByText('110***********1234')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('identity-enterprise')).getByText('未认证'),
    ).toBeInTheDocument();
    expect(screen.getByText(/合同签署方：授权合同以认证的企业或个人名义签署/)).toBeInTheDocument();
    expect(screen.getByLabelText('个人：王五（110***********1234）')).toBeChecked();
  });

  it('checks the company form with the shared rules before asking the server', async () => {
    renderWithApp(<CertificationView />);
    const company = await screen.findByTestId('identity-enterprise');
    await fill(within(company).getByLabelText('企业名称'), '杭');
    await fill(within(company).getByLabelText('统一社会信用代码'), '91330100MA2B3C4D5X');
    await fastUser().click(within(company).getByRole('button', { name: '提交企业认证' }));
    expect(await within(company).findByText('请填写营业执照上的企业名称')).toBeInTheDocument();
    expect(within(company).getByText('统一社会信用代码校验位不正确')).toBeInTheDocument();
    expect(callsOf(getVerifyUrl)).toEqual([]);
  });

  it('verifies the company, then lets it sign the contracts', async () => {
    renderWithApp(<CertificationView />);
    const company = await screen.findByTestId('identity-enterprise');
    await fill(within(company).getByLabelText('企业名称'), '杭州纹样设计有限公司');
    await fill(within(company).getByLabelText('统一社会信用代码'), CODE);
    await fastUser().click(within(company).getByRole('button', { name: '提交企业认证' }));
    await waitFor(() =>
      expect(callsOf(getVerifyUrl)).toEqual([
        { kind: 'enterprise', name: '杭州纹样设计有限公司', number: CODE },
      ]),
    );
    expect(await within(company).findByText('已认证')).toBeInTheDocument();
    expect(within(company).getByText('绑定企业银行账户')).toBeInTheDocument();

    await fastUser().click(screen.getByLabelText('企业：杭州纹样设计有限公司（913***********5X）'));
    await waitFor(() => expect(callsOf(changeFirstSigner)).toEqual([{ id: 2 }]));
    await waitFor(() =>
      expect(screen.getByLabelText('企业：杭州纹样设计有限公司（913***********5X）')).toBeChecked(),
    );
  });

  it('says why a verification failed and offers the form again', async () => {
    info = {
      verified: false,
      records: [record({ status: 'failed', reason: '姓名与身份证号不一致（沙箱）' })],
      signerId: null,
    };
    renderWithApp(<CertificationView />);
    const personal = await screen.findByTestId('identity-personal');
    expect(within(personal).getByText('未通过')).toBeInTheDocument();
    expect(within(personal).getByText(/姓名与身份证号不一致/)).toBeInTheDocument();
    expect(within(personal).getByRole('button', { name: '提交个人认证' })).toBeInTheDocument();
    expect(screen.getByText('完成个人或企业认证后，可在这里选择合同签署方')).toBeInTheDocument();
  });
});
