import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkInvitationCode } from '@shared/contract/activities';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { useSessionStore } from '../../../stores/session-store';
import { InvitationCheck, SignPage } from './sign-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const REASONS: Record<string, ApiError> = {
  ZZZZ2222: new ApiError(1022, '邀请码无效，请核对后重新输入'),
  USEDUSED: new ApiError(1009, '该邀请码已被使用，每个邀请码只能使用一次'),
  EXPIRED2: new ApiError(1022, '该邀请码已于 2026-10-31 过期，请联系平台重新获取'),
  REVOKED2: new ApiError(1022, '该邀请码已作废，请联系平台重新获取'),
};

beforeEach(() => {
  useSessionStore.getState().markSignedIn();
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { code: string }) => {
    if (call === checkInvitationCode) {
      const reason = REASONS[input.code];
      if (reason) throw reason;
      return mockCall(checkInvitationCode, {
        code: input.code,
        inviteeName: '林晓',
        inviteePhone: '13700000001',
        expiresAt: null,
      });
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

const form = () => <p>入驻申请表</p>;

describe('SignPage (/sign)', () => {
  it('asks for a code when none is typed, and opens /sign/{Code} with the typed one', async () => {
    const user = fastUser();
    renderWithApp(<SignPage />, { initialEntries: ['/sign'] });
    await user.click(screen.getByRole('button', { name: '验证邀请码' }));
    expect(await screen.findByText('请输入邀请码')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入 8 位邀请码'), ' wyqh-xz26 ');
    await user.click(screen.getByRole('button', { name: '验证邀请码' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/sign/WYQHXZ26'));
  });

  it('asks a guest to sign in first', async () => {
    useSessionStore.getState().clear();
    const user = fastUser();
    renderWithApp(<SignPage />);
    expect(screen.getByText('请先登录后使用邀请码')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
  });
});

describe('InvitationCheck (/sign/{Code})', () => {
  it('shows a valid code and then the pre-filled application', async () => {
    renderWithApp(<InvitationCheck code="WYHZZZ37">{form}</InvitationCheck>);
    expect(await screen.findByText('邀请码有效')).toBeInTheDocument();
    expect(screen.getByText('林晓')).toBeInTheDocument();
    expect(screen.getByText('长期有效')).toBeInTheDocument();
    expect(screen.getByText('入驻申请表')).toBeInTheDocument();
    expect(requestsOf(callApi, checkInvitationCode)).toEqual([{ code: 'WYHZZZ37' }]);
  });

  it.each(Object.entries(REASONS))(
    'says clearly why %s cannot be used, and links back to /sign',
    async (code, reason) => {
      renderWithApp(<InvitationCheck code={code}>{form}</InvitationCheck>);
      expect(await screen.findByText('邀请码不可用')).toBeInTheDocument();
      expect(screen.getByText(reason.message)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '重新输入邀请码' })).toHaveAttribute('href', '/sign');
      expect(screen.queryByText('入驻申请表')).toBeNull();
    },
  );

  it('asks a guest to sign in and checks nothing', async () => {
    useSessionStore.getState().clear();
    renderWithApp(<InvitationCheck code="WYHZZZ37">{form}</InvitationCheck>);
    expect(await screen.findByText('请先登录后使用邀请码')).toBeInTheDocument();
    expect(requestsOf(callApi, checkInvitationCode)).toEqual([]);
  });
});
