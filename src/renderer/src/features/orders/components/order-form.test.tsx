import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  checkCustomKeyCall,
  empowerCategory,
  getEmpowerKeywords,
  submitOrder,
} from '@shared/contract/orders';
import type { SubmitOrderInput } from '@shared/contract/orders';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { ORDER_NO, empowerInfo, orderDetail } from '../test/orders-fixtures';
import { OrderForm } from './order-form';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

let submit: () => Promise<unknown>;

beforeEach(() => {
  callApi.mockReset();
  submit = async () => mockCall(submitOrder, orderDetail());
  callApi.mockImplementation(async (call: CallDef, input: unknown) => {
    if (call === empowerCategory) return mockCall(empowerCategory, empowerInfo());
    if (call === getEmpowerKeywords) {
      return mockCall(getEmpowerKeywords, { keywords: ['服装', '家纺'] });
    }
    if (call === submitOrder) return submit();
    if (call === checkCustomKeyCall) {
      const key = (input as { customKey: string }).customKey;
      return mockCall(
        checkCustomKeyCall,
        key === '!!'
          ? { ok: false, message: '自定义标识需为 2–32 个字符' }
          : { ok: true, message: '' },
      );
    }
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

const renderForm = () =>
  renderWithApp(<OrderForm kind="purchase" creationId={7} licenceId={11} />, {
    initialEntries: ['/purchaseOrder?creationId=7&licenceId=11'],
  });

describe('OrderForm (step 1)', () => {
  it('shows the price from the server options, marks taken categories, and refuses to submit without the agreement', async () => {
    const user = fastUser();
    renderForm();
    const amount = await screen.findByTestId('order-amount', {}, { timeout: 5000 });
    expect(screen.getByRole('radio', { name: /品类独家授权/ })).toBeChecked();
    expect(amount).toHaveTextContent('¥1,200');
    expect(screen.getByText('已售出至 2027-05-01')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /家纺/ })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /服装/ }));
    await user.click(screen.getByRole('radio', { name: '2 年' }));
    expect(amount).toHaveTextContent('¥2,400');

    await user.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('请先阅读并同意授权协议')).toBeInTheDocument();
    expect(requestsOf(callApi, submitOrder)).toHaveLength(0);
    expect(screen.getByRole('link', { name: '《纹样作品授权协议》' })).toHaveAttribute(
      'href',
      '/materialOrder/agreement',
    );
  });

  it('asks for a category of use before an exclusive licence', async () => {
    const user = fastUser();
    renderForm();
    await screen.findByTestId('order-amount', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('请选择使用品类')).toBeInTheDocument();
    expect(requestsOf(callApi, submitOrder)).toHaveLength(0);
  });

  it('sends one idempotency key for every click of the form and goes to payment', async () => {
    const user = fastUser();
    submit = async () => {
      throw new ApiError(500, '网络繁忙，请稍后重试');
    };
    renderForm();
    await screen.findByTestId('order-amount', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: /服装/ }));
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交订单' }));
    expect(await screen.findByText('网络繁忙，请稍后重试')).toBeInTheDocument();

    submit = async () => mockCall(submitOrder, orderDetail());
    await user.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/purchaseOrder/2?orderNo=${ORDER_NO}`,
      ),
    );
    const sent = requestsOf(callApi, submitOrder) as SubmitOrderInput[];
    expect(sent).toHaveLength(2);
    expect(sent[0]!.idemKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sent[1]!.idemKey).toBe(sent[0]!.idemKey);
    expect(sent[1]).toMatchObject({
      creationId: 7,
      licenceId: 11,
      categoryKids: [1],
      termYears: 1,
      agreed: true,
    });
  });

  it('says what is wrong with a custom key when the field is left', async () => {
    const user = fastUser();
    renderForm();
    await screen.findByTestId('order-amount', {}, { timeout: 5000 });
    const panel = screen.getByRole('region', { name: '自定义标识' });
    await user.type(within(panel).getByRole('textbox'), '!!');
    await user.tab();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('自定义标识需为 2–32 个字符');
  });
});
