import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getActivityDetail,
  getRecommendActivityList,
  joinActivity,
} from '@shared/contract/activities';
import type { ActivityDetail } from '@shared/contract/activities';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { useSessionStore } from '../../../stores/session-store';
import { RedActivityPage } from './red-activity-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const CONTEST: ActivityDetail = {
  id: 1,
  title: '东方纹样·春夏花型设计大赛',
  kind: 'contest',
  summary: '金奖奖金 8000 元并获首页推荐',
  coverUrl: '/files/public/activities/seed-spring-contest.png',
  startDay: '2026-11-17',
  endDay: '2027-01-22',
  status: 'running',
  statusTitle: '进行中',
  participantCount: 12,
  rulesHtml: '<h2>参赛方式</h2><p>每个账号报名一次即可</p>',
  joined: false,
};

const { rulesHtml: _rules, joined: _joined, ...SUMMARY } = CONTEST;

let current: ActivityDetail | Error;

beforeEach(() => {
  current = CONTEST;
  useSessionStore.getState().markSignedIn();
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getActivityDetail) {
      if (current instanceof Error) throw current;
      return mockCall(getActivityDetail, current);
    }
    if (call === getRecommendActivityList) {
      return mockCall(getRecommendActivityList, [
        SUMMARY,
        {
          id: 2,
          title: '新锐设计师入驻季',
          kind: 'signup',
          summary: '',
          coverUrl: '',
          startDay: '2026-08-11',
          endDay: '2026-11-08',
          status: 'ended',
          statusTitle: '已结束',
          participantCount: 40,
        },
      ]);
    }
    if (call === joinActivity) {
      if (current instanceof Error) throw current;
      current = { ...current, joined: true, participantCount: current.participantCount + 1 };
      return mockCall(joinActivity, { joined: true, participantCount: current.participantCount });
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('RedActivityPage (/redActivity)', () => {
  it('shows the running activity with its window and rules, and joins once on 立即参加', async () => {
    const user = fastUser();
    renderWithApp(<RedActivityPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: '东方纹样·春夏花型设计大赛' }),
    ).toBeInTheDocument();
    expect(screen.getByText('进行中')).toBeInTheDocument();
    expect(screen.getByText('活动时间：2026-11-17 至 2027-01-22（北京时间）')).toBeInTheDocument();
    expect(screen.getByText('已有 12 人参加')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '参赛方式' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '新锐设计师入驻季' })).toHaveAttribute(
      'href',
      '/redActivity?id=2',
    );
    expect(callApi).toHaveBeenCalledWith(getActivityDetail, {});

    await user.click(screen.getByRole('button', { name: '立即参加' }));
    expect(await screen.findByRole('button', { name: '已参加' })).toBeDisabled();
    expect(await screen.findByText('已有 13 人参加')).toBeInTheDocument();
    expect(requestsOf(callApi, joinActivity)).toEqual([{ id: 1 }]);
  });

  it('asks a guest to sign in instead of joining', async () => {
    useSessionStore.getState().clear();
    current = { ...CONTEST, joined: null };
    const user = fastUser();
    renderWithApp(<RedActivityPage id={1} />);
    await user.click(await screen.findByRole('button', { name: '登录后参加' }));
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
    expect(requestsOf(callApi, joinActivity)).toEqual([]);
    expect(callApi).toHaveBeenCalledWith(getActivityDetail, { id: 1 });
  });

  it('disables the button before the start, after the end, and once joined', async () => {
    current = { ...CONTEST, status: 'notStarted', statusTitle: '未开始' };
    const { unmount } = renderWithApp(<RedActivityPage />);
    expect(await screen.findByRole('button', { name: '活动未开始' })).toBeDisabled();
    expect(screen.getByText('未开始')).toBeInTheDocument();
    unmount();

    current = { ...CONTEST, status: 'ended', statusTitle: '已结束' };
    const second = renderWithApp(<RedActivityPage />);
    expect(await screen.findByRole('button', { name: '活动已结束' })).toBeDisabled();
    second.unmount();

    current = { ...CONTEST, joined: true };
    renderWithApp(<RedActivityPage />);
    expect(await screen.findByRole('button', { name: '已参加' })).toBeDisabled();
  });

  it("says so when there is no activity, with the server's words", async () => {
    current = new ApiError(1004, '暂无活动，敬请期待');
    renderWithApp(<RedActivityPage />);
    expect(await screen.findByText('暂无活动，敬请期待')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '立即参加' })).toBeNull());
  });
});
