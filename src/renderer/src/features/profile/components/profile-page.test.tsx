import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  cancelDeletion,
  changeMyPassword,
  getProfile,
  phoneCaptcha,
  requestDeletion,
  saveNickName,
} from '@shared/contract/profile';
import type { Profile } from '@shared/contract/profile';
import { isExistenceNickName } from '@shared/contract/settle-in';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { useSessionStore } from '../../../stores/session-store';
import { DeletionPendingDialog } from './deletion-pending-dialog';
import { ProfilePage } from './profile-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const ME: Profile = {
  userId: 7,
  caiHongID: '20481024',
  userName: '杭州织造厂',
  headImg: '/files/public/avatars/20481024.svg',
  smallHeadImg: '/files/public/avatars/20481024.svg',
  phoneMasked: '137****0001',
  isEnterprise: false,
  deletion: null,
};
let profile: Profile;
const TAKEN = '云锦工作室';

beforeEach(() => {
  profile = { ...ME };
  useSessionStore.getState().markSignedIn();
  callApi.mockReset();
  callApi.mockImplementation(
    async (call: CallDef, input: { nickName?: string; password?: string }) => {
      if (call === getProfile) return mockCall(getProfile, profile);
      if (call === isExistenceNickName) {
        return mockCall(isExistenceNickName, { exists: input.nickName === TAKEN });
      }
      if (call === saveNickName) {
        profile = { ...profile, userName: input.nickName ?? '' };
        return mockCall(saveNickName, { userName: profile.userName });
      }
      if (call === changeMyPassword) {
        throw new ApiError(1022, '当前密码错误，还可尝试 4 次');
      }
      if (call === phoneCaptcha) {
        return mockCall(phoneCaptcha, { resendAfter: 60, phoneMasked: '137****0001' });
      }
      if (call === requestDeletion) {
        if (input.password === 'has-money') {
          throw new ApiError(
            1022,
            '账户中还有 ¥12.00 的余额或待结算收益，请先提现或用完后再申请注销',
          );
        }
        return mockCall(requestDeletion, {
          requestedAt: 1_700_000_000_000,
          dueAt: 1_701_296_000_000,
        });
      }
      if (call === cancelDeletion) {
        profile = { ...profile, deletion: null };
        return mockCall(cancelDeletion, { cancelled: true });
      }
      throw new Error(`unexpected ${call.name}`);
    },
  );
});

const renderPage = (onDeletionRequested = vi.fn()) => {
  renderWithApp(<ProfilePage onDeletionRequested={onDeletionRequested} />);
  return onDeletionRequested;
};

describe('ProfilePage (/user/user 个人资料)', () => {
  it('shows the rainbow number, the masked phone and the current avatar', async () => {
    renderPage();
    expect(await screen.findByText('20481024')).toBeInTheDocument();
    expect(screen.getByText('手机号：137****0001')).toBeInTheDocument();
    expect(screen.getByAltText('当前头像')).toHaveAttribute('src', ME.headImg);
  });

  it(
    'checks the nickname rules, then asks the server whether it is taken',
    { timeout: 150_000 },
    async () => {
      const user = fastUser();
      renderPage();
      const field = await screen.findByLabelText('昵称');
      const save = screen.getByRole('button', { name: '保存昵称' });
      const enter = async (text: string) => {
        await user.clear(field);
        await user.paste(text);
        await user.click(save);
      };
      await user.click(field);
      await enter('20240101');
      expect(
        await screen.findByText('昵称不能是纯数字', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      await enter('花 样');
      expect(
        await screen.findByText(
          '昵称只能包含中文、字母、数字、下划线、短横线和间隔号（·）',
          {},
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      expect(requestsOf(callApi, saveNickName)).toEqual([]);

      await enter(TAKEN);
      expect(
        await screen.findByText('该昵称已被使用，请换一个', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(requestsOf(callApi, saveNickName)).toEqual([]);

      await enter('织造·二厂');
      await waitFor(() =>
        expect(requestsOf(callApi, saveNickName)).toEqual([{ nickName: '织造·二厂' }]),
      );
    },
  );

  it(
    "says when the new passwords differ, and shows the server's refusal",
    { timeout: 150_000 },
    async () => {
      const user = fastUser();
      renderPage();
      const typeIn = async (label: string, text: string) => {
        await user.click(screen.getByLabelText(label));
        await user.paste(text);
      };
      await screen.findByLabelText('当前密码');
      await typeIn('当前密码', 'wenyang123');
      await typeIn('新密码', 'newpass-2024');
      await typeIn('确认新密码', 'newpass-2025');
      await user.click(screen.getByRole('button', { name: '修改密码' }));
      expect(await screen.findByText('两次输入的新密码不一致')).toBeInTheDocument();
      expect(requestsOf(callApi, changeMyPassword)).toEqual([]);
      await user.clear(screen.getByLabelText('确认新密码'));
      await user.paste('newpass-2024');
      await user.click(screen.getByRole('button', { name: '修改密码' }));
      expect(await screen.findByText('当前密码错误，还可尝试 4 次')).toBeInTheDocument();
    },
  );
});

describe('DeletionDialog (注销账号)', () => {
  it(
    'confirms only after the user has read the terms and given the password',
    { timeout: 150_000 },
    async () => {
      const user = fastUser();
      const requested = renderPage();
      await user.click(await screen.findByRole('button', { name: '注销账号' }));
      expect(await screen.findByText(/15 天冷静期，期间重新登录即可撤销注销/)).toBeInTheDocument();
      const confirm = screen.getByRole('button', { name: '确认注销' });
      expect(confirm).toBeDisabled();
      await user.click(screen.getByRole('checkbox', { name: '我已了解注销的后果' }));
      await user.click(confirm);
      expect(await screen.findByText('请输入登录密码')).toBeInTheDocument();

      await user.click(screen.getByLabelText('登录密码'));
      await user.paste('has-money');
      await user.click(confirm);
      expect(
        await screen.findByText('账户中还有 ¥12.00 的余额或待结算收益，请先提现或用完后再申请注销'),
      ).toBeInTheDocument();
      expect(requested).not.toHaveBeenCalled();

      await user.clear(screen.getByLabelText('登录密码'));
      await user.paste('wenyang123');
      await user.click(confirm);
      await waitFor(() =>
        expect(requested).toHaveBeenCalledWith({
          requestedAt: 1_700_000_000_000,
          dueAt: 1_701_296_000_000,
        }),
      );
      expect(requestsOf(callApi, requestDeletion).at(-1)).toEqual({ password: 'wenyang123' });
    },
  );

  it('can confirm with an SMS code sent to the current phone', { timeout: 150_000 }, async () => {
    const user = fastUser();
    const requested = renderPage();
    await user.click(await screen.findByRole('button', { name: '注销账号' }));
    await user.click(await screen.findByRole('radio', { name: '使用短信验证码' }));
    await user.click(screen.getByRole('button', { name: /获取验证码/ }));
    await waitFor(() =>
      expect(requestsOf(callApi, phoneCaptcha)).toEqual([{ target: 'deletion' }]),
    );
    expect(await screen.findByRole('button', { name: /60秒后重新获取/ })).toBeDisabled();
    await user.click(screen.getByLabelText('注销验证码'));
    await user.paste('123456');
    await user.click(screen.getByRole('checkbox', { name: '我已了解注销的后果' }));
    await user.click(screen.getByRole('button', { name: '确认注销' }));
    await waitFor(() => expect(requested).toHaveBeenCalled());
    expect(requestsOf(callApi, requestDeletion)).toEqual([{ smsCode: '123456' }]);
  });
});

describe('DeletionPendingDialog (signing in during the cooling-off)', () => {
  it('offers to cancel the deletion, and cancels it', async () => {
    profile = {
      ...ME,
      deletion: { requestedAt: Date.UTC(2026, 10, 20, 2), dueAt: Date.UTC(2026, 11, 5, 2) },
    };
    const user = fastUser();
    const signOut = vi.fn();
    renderWithApp(<DeletionPendingDialog onSignOut={signOut} />);
    expect(
      await screen.findByText(
        '您已于 2026年11月20日 申请注销账号，账号将于 2026年12月5日 注销。是否撤销注销？',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '撤销注销' }));
    await waitFor(() => expect(requestsOf(callApi, cancelDeletion)).toEqual([{}]));
    await waitFor(() => expect(screen.queryByText(/是否撤销注销/)).not.toBeInTheDocument());
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out when the user goes on with the deletion', async () => {
    profile = { ...ME, deletion: { requestedAt: Date.now(), dueAt: Date.now() + 86_400_000 } };
    const user = fastUser();
    const signOut = vi.fn();
    renderWithApp(<DeletionPendingDialog onSignOut={signOut} />);
    await user.click(await screen.findByRole('button', { name: '继续注销并退出' }));
    expect(signOut).toHaveBeenCalled();
  });
});
