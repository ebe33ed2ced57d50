import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userReadAndAgree } from '@shared/contract/accounts';
import type * as apiClient from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { AgreementUpdateDialog } from './agreement-update-dialog';

const api = vi.hoisted(() => ({ callApi: vi.fn() }));
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi: api.callApi,
}));

function renderDialog() {
  const onDisagree = vi.fn();
  const onAgreed = vi.fn();
  renderWithApp(<AgreementUpdateDialog open onDisagree={onDisagree} onAgreed={onAgreed} />);
  const dialog = screen.getByRole('dialog', { name: '用户协议更新' });
  return {
    dialog,
    onDisagree,
    onAgreed,
    agree: within(dialog).getByRole('button', { name: '同意' }),
    disagree: within(dialog).getByRole('button', { name: '不同意' }),
    tick: within(dialog).getByRole('checkbox', { name: '我已阅读并同意' }),
  };
}

beforeEach(() => {
  api.callApi.mockReset();
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AgreementUpdateDialog', () => {
  it('is dated 30 Sep 2021 and cannot be dismissed', () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveTextContent('2021年9月30日');
    expect(within(dialog).queryByRole('button', { name: /close|关闭/i })).not.toBeInTheDocument();
  });

  it('enables 同意 only after 我已阅读并同意 is ticked', async () => {
    const { agree, tick } = renderDialog();
    expect(agree).toBeDisabled();
    await userEvent.click(tick);
    expect(agree).toBeEnabled();
    await userEvent.click(tick);
    expect(agree).toBeDisabled();
  });

  it('logs out on 不同意', async () => {
    const { disagree, onDisagree } = renderDialog();
    await userEvent.click(disagree);
    expect(onDisagree).toHaveBeenCalledTimes(1);
    expect(api.callApi).not.toHaveBeenCalled();
  });

  it('records the acceptance with type 2 on 同意', async () => {
    api.callApi.mockResolvedValue(mockCall(userReadAndAgree, { code: 1 }));
    const { agree, tick, onAgreed } = renderDialog();
    await userEvent.click(tick);
    await userEvent.click(agree);
    await waitFor(() => expect(onAgreed).toHaveBeenCalledTimes(1));
    expect(api.callApi).toHaveBeenCalledWith(userReadAndAgree, { type: 2 });
  });

  it("shows the server's message when recording fails", async () => {
    const { ApiError } = await vi.importActual<typeof apiClient>('../../../api/api-client');
    api.callApi.mockRejectedValue(new ApiError(1022, '协议版本已变更，请刷新后重试'));
    const { agree, tick, onAgreed } = renderDialog();
    await userEvent.click(tick);
    await userEvent.click(agree);
    expect(await screen.findByText('协议版本已变更，请刷新后重试')).toBeInTheDocument();
    expect(onAgreed).not.toHaveBeenCalled();
  });
});
