import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyInvoice } from '@shared/contract/billing';
import type { InvoiceableOrder } from '@shared/contract/billing';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { InvoiceForm } from './invoice-form';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const ORDER: InvoiceableOrder = {
  orderNo: 'WY20261124120000000002',
  workTitle: '回纹',
  licenceTitle: '素材授权',
  amountFen: 50000,
  paidAt: '2026-11-24T04:00:00.000Z',
};

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: unknown) => {
    if (call === applyInvoice) {
      const sent = input as {
        buyerType: 'personal' | 'company';
        title: string;
        taxNo: string;
        email: string;
      };
      return mockCall(applyInvoice, {
        id: 1,
        orderNo: ORDER.orderNo,
        workTitle: ORDER.workTitle,
        amountFen: ORDER.amountFen,
        ...sent,
        state: 'applied',
        stateTitle: '已申请',
        invoiceNo: '',
        rejectReason: '',
        createdAt: '2026-11-24T05:00:00.000Z',
        handledAt: null,
      });
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('InvoiceForm', () => {
  it('asks a company for its title, a 15–20 character tax number and an email before sending', async () => {
    const user = fastUser();
    renderWithApp(<InvoiceForm orders={[ORDER]} />);
    // The only order is chosen already.
    expect(screen.getByText(`回纹 · 素材授权 · ¥500（${ORDER.orderNo}）`)).toBeInTheDocument();
    await user.click(screen.getByText('单位'));
    await user.click(screen.getByLabelText('纳税人识别号'));
    await user.paste('12345');
    await user.click(screen.getByLabelText('接收邮箱'));
    await user.paste('finance');
    await user.click(screen.getByText('申请开票'));
    expect(await screen.findByText('请填写发票抬头（单位名称）')).toBeInTheDocument();
    expect(screen.getByText('纳税人识别号应为 15–20 位字母或数字')).toBeInTheDocument();
    expect(screen.getByText('请填写正确的邮箱地址')).toBeInTheDocument();
    expect(requestsOf(callApi, applyInvoice)).toEqual([]);

    await user.click(screen.getByLabelText('发票抬头'));
    await user.paste('杭州纹样科技有限公司');
    await user.clear(screen.getByLabelText('纳税人识别号'));
    await user.click(screen.getByLabelText('纳税人识别号'));
    await user.paste('91330100MA2H1234X5');
    await user.click(screen.getByLabelText('接收邮箱'));
    await user.paste('@example.cn');
    await user.click(screen.getByText('申请开票'));
    await waitFor(() =>
      expect(requestsOf(callApi, applyInvoice)).toEqual([
        {
          orderNo: ORDER.orderNo,
          buyerType: 'company',
          title: '杭州纹样科技有限公司',
          taxNo: '91330100MA2H1234X5',
          email: 'finance@example.cn',
        },
      ]),
    );
    expect(await screen.findByText('发票申请已提交，开具后将发送到您的邮箱')).toBeInTheDocument();
  }, 60_000);

  it('needs no tax number from a person', async () => {
    const user = fastUser();
    const older = { ...ORDER, orderNo: 'WY20261120120000000009', workTitle: '云纹' };
    renderWithApp(<InvoiceForm orders={[older, ORDER]} />);
    expect(screen.queryByLabelText('纳税人识别号')).toBeNull();
    await user.click(screen.getByLabelText('订单'));
    await user.click(await screen.findByText(`回纹 · 素材授权 · ¥500（${ORDER.orderNo}）`));
    await user.click(screen.getByLabelText('接收邮箱'));
    await user.paste('me@qq.com');
    await user.click(screen.getByText('申请开票'));
    await waitFor(() =>
      expect(requestsOf(callApi, applyInvoice)).toEqual([
        { orderNo: ORDER.orderNo, buyerType: 'personal', title: '', taxNo: '', email: 'me@qq.com' },
      ]),
    );
  }, 60_000);
});
