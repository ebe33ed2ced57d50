import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getActivityParticipants,
  getAdminActivityList,
  getInvitationCodeList,
  issueInvitationCode,
  saveActivity,
} from '@shared/contract/activities';
import type { AdminActivity, AdminInvitation } from '@shared/contract/activities';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { ActivityDesk } from './activity-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const CONTEST: AdminActivity = {
  id: 1,
  title: '东方纹样·春夏花型设计大赛',
  kind: 'contest',
  summary: '',
  coverUrl: '',
  startDay: '2026-11-17',
  endDay: '2027-01-22',
  status: 'running',
  statusTitle: '进行中',
  participantCount: 1,
  rulesMarkdown: '## 参赛方式\n\n每个账号报名一次即可',
};

const CODE: AdminInvitation = {
  id: 5,
  code: 'WYQHXZ26',
  inviteeName: '',
  inviteePhone: '',
  note: '演示',
  expiresDay: null,
  state: 'unused',
  stateTitle: '未使用',
  createdAt: '2026-11-24T02:00:00.000Z',
  usedAt: null,
  usedByCaiHongID: null,
  applicationId: null,
  applicationNickName: null,
  applicationState: null,
};
let codes: AdminInvitation[];

beforeEach(() => {
  codes = [CODE];
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getAdminActivityList) return mockCall(getAdminActivityList, [CONTEST]);
    if (call === getActivityParticipants) {
      return mockCall(getActivityParticipants, {
        total: 1,
        list: [
          {
            userId: 9,
            caiHongID: '80012345',
            nickName: '杭州织造厂',
            phoneMasked: '137****0001',
            joinedAt: '2026-11-20T02:00:00.000Z',
          },
        ],
      });
    }
    if (call === saveActivity) return mockCall(saveActivity, CONTEST);
    if (call === getInvitationCodeList) {
      return mockCall(getInvitationCodeList, { total: codes.length, list: codes });
    }
    if (call === issueInvitationCode) {
      const issued = { ...CODE, id: 6, code: 'WYHZZZ37', inviteeName: '林晓' };
      codes = [issued, ...codes];
      return mockCall(issueInvitationCode, issued);
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('ActivityDesk (/admin/activities)', () => {
  it(
    'lists activities with their participants, and checks dates before saving',
    {
      timeout: 120_000,
    },
    async () => {
      const user = fastUser();
      renderWithApp(<ActivityDesk />);
      const row = (await screen.findByRole('link', { name: CONTEST.title })).closest('tr')!;
      expect(row).toHaveTextContent('2026-11-17 至 2027-01-22');

      await user.click(within(row).getByRole('button', { name: /^编\s*辑$/ }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(`编辑活动：${CONTEST.title}`)).toBeInTheDocument();
      fireEvent.change(within(dialog).getByLabelText('结束日期'), {
        target: { value: '2026-11-01' },
      });
      await user.click(within(dialog).getByRole('button', { name: /^保\s*存$/ }));
      expect(await within(dialog).findByText('结束日期不能早于开始日期')).toBeInTheDocument();
      expect(requestsOf(callApi, saveActivity)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: /^取\s*消$/ }));
      await user.click(within(row).getByRole('button', { name: /^参与者$/ }));
      expect(await screen.findByText('杭州织造厂')).toBeInTheDocument();
    },
  );

  it(
    'issues a code for a named person and refuses a bad phone',
    {
      timeout: 120_000,
    },
    async () => {
      const user = fastUser();
      renderWithApp(<ActivityDesk />);
      await user.click(await screen.findByRole('tab', { name: '签约邀请码' }));
      fireEvent.change(await screen.findByPlaceholderText('如：2026 面料展邀请'), {
        target: { value: '面料展' },
      });
      const inputs = screen.getAllByPlaceholderText('可不填');
      fireEvent.change(inputs[1]!, { target: { value: '1234' } });
      await user.click(screen.getByRole('button', { name: '发放邀请码' }));
      expect(await screen.findByText('请填写正确的 11 位手机号')).toBeInTheDocument();
      expect(requestsOf(callApi, issueInvitationCode)).toEqual([]);

      fireEvent.change(inputs[1]!, { target: { value: '' } });
      fireEvent.change(inputs[0]!, { target: { value: '林晓' } });
      await user.click(screen.getByRole('button', { name: '发放邀请码' }));
      expect(await screen.findByText('WYHZZZ37', { selector: 'strong' })).toBeInTheDocument();
      expect(requestsOf(callApi, issueInvitationCode)).toEqual([
        { inviteeName: '林晓', inviteePhone: '', note: '面料展', expiresDay: '' },
      ]);

      // The new code is listed first; the unused demo code offers 作废.
      const row = (await screen.findByRole('cell', { name: 'WYQHXZ26' })).closest('tr')!;
      expect(within(row).getByRole('button', { name: /^作\s*废$/ })).toBeInTheDocument();
    },
  );
});
