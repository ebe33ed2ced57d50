import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@shared/contract/accounts';
import { getUserInfo } from '@shared/contract/accounts';
import type { CallDef } from '@shared/contract/define';
import {
  getNoticeList,
  getNoticeUnreadCount,
  NOTICE_KINDS,
  readAllNotices,
  recvMsgParser,
} from '@shared/contract/notices';
import type { Notice, NoticeKind } from '@shared/contract/notices';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { createTestQueryClient, signInAs } from '../../../test/session';
import { useSessionStore } from '../../../stores/session-store';
import { NoticeBell } from './notice-bell';
import { NoticeCentrePage } from './notice-centre-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const INFO: UserInfo = {
  userId: 7,
  caiHongID: '10086',
  userName: '林设计',
  headImg: '',
  smallHeadImg: '',
  memberType: 0,
  memberTypeName: '',
  isExpVip: false,
  expLeftTimes: 0,
  vipEndTime: 0,
  validitySecond: 0,
  settledInType: 1,
  isReadAndAgreeNotify: true,
  isUserKeywork: true,
  showExpVIP: false,
  isNewRegister: false,
  role: 'user',
};

/** The server's notices of the signed-in user, newest first; the mocked calls read and mark them. */
let notices: Notice[];
const notice = (
  id: number,
  kind: NoticeKind,
  title: string,
  extra: Partial<Notice> = {},
): Notice => ({
  id,
  kind,
  title,
  body: `${title}的详细说明`,
  link: null,
  createdAt: '2026-11-24T02:00:00.000Z',
  readAt: null,
  ...extra,
});

beforeEach(() => {
  notices = [
    notice(3, 'review', '作品审核通过', {
      body: '您的作品《海棠春信》已通过审核并上架。',
      link: '/user/mywork',
    }),
    notice(2, 'wallet', '提现已打款', { link: '/user/mybalance/accWithdraw' }),
    notice(1, 'system', '欢迎来到纹样', { readAt: '2026-11-24T01:00:00.000Z' }),
  ];
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getUserInfo) return mockCall(getUserInfo, INFO);
    if (call === getNoticeUnreadCount) {
      const unread = notices.filter((n) => n.readAt === null);
      return mockCall(getNoticeUnreadCount, {
        total: unread.length,
        byKind: NOTICE_KINDS.flatMap((kind) => {
          const count = unread.filter((n) => n.kind === kind).length;
          return count > 0 ? [{ kind, count }] : [];
        }),
      });
    }
    if (call === getNoticeList) {
      const { pageIndex, pageSize, filter, kind } = input as {
        pageIndex: number;
        pageSize: number;
        filter: 'all' | 'unread';
        kind?: NoticeKind;
      };
      const shown = notices.filter(
        (n) => (filter === 'all' || n.readAt === null) && (!kind || n.kind === kind),
      );
      return mockCall(getNoticeList, {
        total: shown.length,
        list: shown.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
      });
    }
    if (call === recvMsgParser) {
      const ids = (input as { ids: number[] }).ids;
      let marked = 0;
      notices = notices.map((n) => {
        if (!ids.includes(n.id) || n.readAt) return n;
        marked += 1;
        return { ...n, readAt: '2026-11-24T03:00:00.000Z' };
      });
      return mockCall(recvMsgParser, { marked });
    }
    if (call === readAllNotices) {
      const kind = (input as { kind?: NoticeKind }).kind;
      let marked = 0;
      notices = notices.map((n) => {
        if (n.readAt || (kind && n.kind !== kind)) return n;
        marked += 1;
        return { ...n, readAt: '2026-11-24T03:00:00.000Z' };
      });
      return mockCall(readAllNotices, { marked });
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

/** The machine is shared: the first render of antd's popups may take a few seconds. */
const SLOW = { timeout: 5000 };

const signedIn = () => {
  const queryClient = createTestQueryClient();
  signInAs(queryClient, INFO, { status: 1, settleStatus: 1 });
  return queryClient;
};

describe('NoticeBell (site header)', () => {
  it('shows nothing to a guest and asks the server nothing', () => {
    useSessionStore.getState().clear();
    renderWithApp(<NoticeBell />);
    expect(screen.queryByRole('button', { name: /消息中心/ })).not.toBeInTheDocument();
    expect(requestsOf(callApi, getNoticeUnreadCount)).toEqual([]);
  });

  it('shows the unread count, lists the latest notices, and opening one marks it read and follows its link', async () => {
    const user = fastUser();
    renderWithApp(<NoticeBell />, { queryClient: signedIn() });
    const bell = await screen.findByRole('button', { name: '消息中心，2 条未读' }, SLOW);
    expect(within(bell).getByText('2')).toBeInTheDocument();

    await user.click(bell);
    const dropdown = await screen.findByRole('dialog', { name: '最新消息' }, SLOW);
    expect(await within(dropdown).findByText('作品审核通过')).toBeInTheDocument();
    const items = within(dropdown).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(within(items[0]!).getByText('审核通知')).toBeInTheDocument();
    expect(within(dropdown).getByRole('link', { name: '查看全部消息' })).toHaveAttribute(
      'href',
      '/user/message',
    );

    await user.click(within(dropdown).getByText('作品审核通过'));
    await waitFor(() => expect(requestsOf(callApi, recvMsgParser)).toEqual([{ ids: [3] }]));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/mywork');
    expect(await screen.findByRole('button', { name: '消息中心，1 条未读' })).toBeInTheDocument();
  });

  it('marks everything read from the dropdown', async () => {
    const user = fastUser();
    renderWithApp(<NoticeBell />, { queryClient: signedIn() });
    await user.click(await screen.findByRole('button', { name: '消息中心，2 条未读' }, SLOW));
    const dropdown = await screen.findByRole('dialog', { name: '最新消息' }, SLOW);
    await within(dropdown).findByText('提现已打款');
    await user.click(within(dropdown).getByRole('button', { name: /^全部已读$/ }));
    expect(await screen.findByRole('button', { name: '消息中心' })).toBeInTheDocument();
    expect(requestsOf(callApi, readAllNotices)).toEqual([{}]);
  });
});

describe('NoticeCentrePage (/user/message)', () => {
  it('lists my notices read and unread; a click marks one read and follows its link', async () => {
    const user = fastUser();
    renderWithApp(<NoticeCentrePage />, {
      queryClient: signedIn(),
      initialEntries: ['/user/message'],
    });
    expect(screen.getByRole('heading', { name: '消息中心' })).toBeInTheDocument();
    await screen.findByText('提现已打款');
    const rows = () => screen.getAllByRole('listitem');
    expect(rows().map((li) => li.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(
      within(rows()[0]!).getByText('您的作品《海棠春信》已通过审核并上架。'),
    ).toBeInTheDocument();
    expect(within(rows()[0]!).getAllByLabelText('未读')).toHaveLength(1);
    expect(within(rows()[2]!).queryByLabelText('未读')).not.toBeInTheDocument();

    await user.click(within(rows()[1]!).getByText('提现已打款'));
    await waitFor(() => expect(requestsOf(callApi, recvMsgParser)).toEqual([{ ids: [2] }]));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/mybalance/accWithdraw');
    await waitFor(() =>
      expect(rows().map((li) => li.getAttribute('data-unread'))).toEqual([
        'true',
        'false',
        'false',
      ]),
    );
  });

  it('opens a read notice without marking it again', async () => {
    const user = fastUser();
    renderWithApp(<NoticeCentrePage />, { queryClient: signedIn() });
    await user.click(await screen.findByText('欢迎来到纹样'));
    expect(requestsOf(callApi, recvMsgParser)).toEqual([]);
  });

  it('shows only unread ones on 未读, and 全部标为已读 empties that list', async () => {
    const user = fastUser();
    renderWithApp(<NoticeCentrePage />, { queryClient: signedIn() });
    await screen.findByText('欢迎来到纹样');
    await user.click(await screen.findByText('未读（2）'));
    await waitFor(() => expect(screen.queryByText('欢迎来到纹样')).not.toBeInTheDocument());
    expect(screen.getByText('作品审核通过')).toBeInTheDocument();
    expect(requestsOf(callApi, getNoticeList)).toContainEqual({
      pageIndex: 1,
      pageSize: 20,
      filter: 'unread',
    });
    await user.click(screen.getByRole('button', { name: '全部标为已读' }));
    expect(await screen.findByText('没有未读消息')).toBeInTheDocument();
    expect(requestsOf(callApi, readAllNotices)).toEqual([{}]);
    expect(screen.getByRole('button', { name: '全部标为已读' })).toBeDisabled();
  });
});
