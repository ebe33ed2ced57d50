import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userReadAndAgree } from '@shared/contract/accounts';
import { getAgreementList } from '@shared/contract/agreements';
import type { AgreementSummary } from '@shared/contract/agreements';
import type { CallDef } from '@shared/contract/define';
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

const V1: AgreementSummary = {
  alias: 'userAgreement',
  title: '纹样用户协议',
  version: 1,
  publishedAt: '2021-09-29T16:00:00.000Z',
};
const OTHERS: AgreementSummary[] = [
  {
    alias: 'privacyPolicy',
    title: '隐私政策',
    version: 3,
    publishedAt: '2026-01-05T02:00:00.000Z',
  },
];
let inForce: AgreementSummary;
let accept: () => Promise<unknown>;

beforeEach(() => {
  inForce = V1;
  accept = async () => mockCall(userReadAndAgree, { code: 1 });
  api.callApi.mockReset();
  api.callApi.mockImplementation(async (call: CallDef) => {
    if (call === getAgreementList) return mockCall(getAgreementList, [inForce, ...OTHERS]);
    if (call === userReadAndAgree) return accept();
    throw new Error(`unexpected ${call.name}`);
  });
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AgreementUpdateDialog', () => {
  it('is dated 30 Sep 2021 (version 1) and cannot be dismissed', async () => {
    const { dialog } = renderDialog();
    await waitFor(() => expect(dialog).toHaveTextContent('2021年9月30日'));
    expect(within(dialog).getByRole('link', { name: '《纹样用户协议》' })).toHaveAttribute(
      'href',
      '/agreement/userAgreement',
    );
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

  it('shows the date of a newer version and records acceptance of that version', async () => {
    inForce = { ...V1, version: 2, publishedAt: '2026-11-24T03:00:00.000Z' };
    const { dialog, agree, tick, onAgreed } = renderDialog();
    await waitFor(() => expect(dialog).toHaveTextContent('2026年11月24日'));
    expect(dialog).not.toHaveTextContent('2021年9月30日');
    await userEvent.click(tick);
    await userEvent.click(agree);
    await waitFor(() => expect(onAgreed).toHaveBeenCalledTimes(1));
    expect(api.callApi).toHaveBeenCalledWith(userReadAndAgree, { type: 2, version: 2 });
  });

  it('logs out on 不同意', async () => {
    const { disagree, onDisagree } = renderDialog();
    await userEvent.click(disagree);
    expect(onDisagree).toHaveBeenCalledTimes(1);
    expect(api.callApi).not.toHaveBeenCalledWith(userReadAndAgree, expect.anything());
  });

  it('records the acceptance with type 2 on 同意', async () => {
    const { dialog, agree, tick, onAgreed } = renderDialog();
    await waitFor(() => expect(dialog).toHaveTextContent('2021年9月30日'));
    await userEvent.click(tick);
    await userEvent.click(agree);
    await waitFor(() => expect(onAgreed).toHaveBeenCalledTimes(1));
    expect(api.callApi).toHaveBeenCalledWith(userReadAndAgree, { type: 2, version: 1 });
  });

  it("shows the server's message when recording fails", async () => {
    const { ApiError } = await vi.importActual<typeof apiClient>('../../../api/api-client');
    accept = async () => {
      throw new ApiError(1022, '协议已更新，请阅读最新版本后再同意');
    };
    const { agree, tick, onAgreed } = renderDialog();
    await userEvent.click(tick);
    await userEvent.click(agree);
    expect(await screen.findByText('协议已更新，请阅读最新版本后再同意')).toBeInTheDocument();
    expect(onAgreed).not.toHaveBeenCalled();
  });
});
