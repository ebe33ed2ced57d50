import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUserKeyword } from '@shared/contract/accounts';
import type * as apiClient from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { RegistrationInterestDialog } from './registration-interest-dialog';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

function renderDialog(isNewRegister = false) {
  const onSaved = vi.fn();
  renderWithApp(
    <RegistrationInterestDialog open isNewRegister={isNewRegister} onSaved={onSaved} />,
  );
  const dialog = screen.getByRole('dialog', { name: '完善信息' });
  const seller = within(within(dialog).getByRole('region', { name: '我是卖家' }));
  const buyer = within(within(dialog).getByRole('region', { name: '我是买家' }));
  const done = within(dialog).getByRole('button', { name: '选好了' });
  return { dialog, seller, buyer, done, onSaved };
}

beforeEach(() => {
  callApi.mockReset();
  // jsdom does not implement the pseudo-element argument antd's scroll locker passes.
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RegistrationInterestDialog', () => {
  it('keeps 选好了 disabled until a seller or buyer type is chosen', async () => {
    const { buyer, done } = renderDialog();
    expect(done).toBeDisabled();
    await userEvent.click(buyer.getByRole('button', { name: '工厂' }));
    expect(done).toBeEnabled();
    await userEvent.click(buyer.getByRole('button', { name: '工厂' }));
    expect(done).toBeDisabled();
  });

  it('lets the seller type be one at most, toggled off by a second click', async () => {
    const { seller, done } = renderDialog();
    const designer = seller.getByRole('button', { name: '设计师' });
    const company = seller.getByRole('button', { name: '设计公司' });
    await userEvent.click(designer);
    expect(designer).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(company);
    expect(company).toHaveAttribute('aria-pressed', 'true');
    expect(designer).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(company);
    expect(company).toHaveAttribute('aria-pressed', 'false');
    expect(done).toBeDisabled();
  });

  it('lets buyers choose several types', async () => {
    const { buyer } = renderDialog();
    for (const kind of ['工厂', '跨境电商', '品牌方']) {
      await userEvent.click(buyer.getByRole('button', { name: kind }));
    }
    for (const kind of ['工厂', '跨境电商', '品牌方']) {
      expect(buyer.getByRole('button', { name: kind })).toHaveAttribute('aria-pressed', 'true');
    }
    expect(buyer.getByRole('button', { name: '贸易商' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks no role of an existing user and saves the chosen types', async () => {
    callApi.mockResolvedValue(mockCall(saveUserKeyword, { flag: true }));
    const { seller, buyer, done, onSaved } = renderDialog(false);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(buyer.getByRole('button', { name: '零售商' }));
    await userEvent.click(seller.getByRole('button', { name: '设计公司' }));
    await userEvent.click(buyer.getByRole('button', { name: '工厂' }));
    await userEvent.click(done);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(callApi).toHaveBeenCalledWith(saveUserKeyword, {
      UserKeyword: ['设计公司', '工厂', '零售商'],
      isNewRegister: false,
    });
  });

  it('requires a role from a new registrant before 选好了 is enabled', async () => {
    callApi.mockResolvedValue(mockCall(saveUserKeyword, { flag: true }));
    const { buyer, done, onSaved } = renderDialog(true);
    await userEvent.click(buyer.getByRole('button', { name: '贸易商' }));
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '我是创作者' }));
    expect(done).toBeEnabled();
    await userEvent.click(done);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callApi).toHaveBeenCalledWith(saveUserKeyword, {
      UserKeyword: ['贸易商'],
      registerRole: 1,
      isNewRegister: true,
    });
  });

  it('warns 请先完善信息 when saving fails', async () => {
    callApi.mockRejectedValue(new Error('服务器开小差了，请稍后再试'));
    const { seller, done, onSaved } = renderDialog();
    await userEvent.click(seller.getByRole('button', { name: '设计师' }));
    await userEvent.click(done);
    expect(await screen.findByText('请先完善信息')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('warns 请先完善信息 when the server answers flag false', async () => {
    callApi.mockResolvedValue(mockCall(saveUserKeyword, { flag: false }));
    const { seller, done, onSaved } = renderDialog();
    await userEvent.click(seller.getByRole('button', { name: '设计师' }));
    await userEvent.click(done);
    expect(await screen.findByText('请先完善信息')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
