import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkCard } from '@shared/contract/common';
import type { CallDef } from '@shared/contract/define';
import {
  addShowRoom,
  getCandidateWorks,
  getMyShowRooms,
  getShowRoom,
  sortShowRoomWorks,
  viewSharedShowRoom,
  type ShowroomDetail,
  type ShowroomSummary,
} from '@shared/contract/showrooms';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { useSessionStore } from '../../../stores/session-store';
import { ShowroomAddPage } from './showroom-add-page';
import { ShowroomHallPage } from './showroom-hall-page';
import { ShowroomListPage } from './showroom-list-page';
import { ShowroomScenePage } from './showroom-scene-page';
import { SharedShowroomView } from './showroom-share-page';

/** The machine may be busy: finds wait up to 10 s, each test up to 120 s. */
const WAIT = { timeout: 10_000 };
vi.setConfig({ testTimeout: 120_000 });

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const work = (id: number, title: string): WorkCard => ({
  id,
  title,
  thumbUrl: `/files/w${id}.webp`,
  previewUrl: `/files/w${id}-preview.webp`,
  width: 800,
  height: 800,
  designerId: 5,
  designerName: '林间花事',
  categoryKid: 201,
  categoryTitle: '四件套',
  headerType: 3,
  style: 'floral',
  isSeamless: true,
  tags: ['花卉'],
  colors: ['#aa3344'],
  favouriteCount: 0,
  viewCount: 0,
  saleCount: 0,
  priceFen: 120_000,
});
const SUMMARY: ShowroomSummary = {
  id: 3,
  name: '春季客户提案',
  description: '给杭州客户的花卉提案',
  coverUrl: '/files/w1.webp',
  workCount: 3,
  memberCount: 1,
  locked: false,
  updatedAt: '2026-11-24T02:00:00.000Z',
  ownerName: '杭州织造厂',
  role: 'owner',
  visibility: 'link',
  background: '#f5f5f0',
};
const HALL: ShowroomDetail = {
  ...SUMMARY,
  coverWorkId: 1,
  works: [work(1, '芍药'), work(2, '海棠'), work(3, '玉兰')],
  members: [],
  canEdit: true,
  lockedBy: '',
  lockedAt: null,
};

function answer(responses: Map<CallDef, unknown>) {
  callApi.mockImplementation(async (call: CallDef) => {
    if (!responses.has(call)) throw new Error(`unexpected ${call.name}`);
    const value = responses.get(call);
    if (value instanceof Error) throw value;
    return value;
  });
}

beforeEach(() => {
  callApi.mockReset();
  useSessionStore.getState().markSignedIn();
});

describe('ShowroomListPage (/user/myShowRoom)', () => {
  it('lists my halls with works, members and lock, and says when none is shared', async () => {
    answer(
      new Map<CallDef, unknown>([
        [
          getMyShowRooms,
          mockCall(getMyShowRooms, {
            mine: [SUMMARY, { ...SUMMARY, id: 4, name: '已定稿', locked: true }],
            shared: [],
            remaining: 18,
          }),
        ],
      ]),
    );
    renderWithApp(<ShowroomListPage />);
    const cards = await screen.findAllByTestId('hall-card', {}, WAIT);
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('3 件作品')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('1 位协作者')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('已锁定')).toBeInTheDocument();
    expect(screen.getByText('还可创建 18 个展厅')).toBeInTheDocument();
    expect(screen.getByText(/暂无别人邀请你协作的展厅/)).toBeInTheDocument();
  });
});

describe('ShowroomHallPage', () => {
  it('moves a work down and sends the whole new order', async () => {
    answer(
      new Map<CallDef, unknown>([
        [getShowRoom, mockCall(getShowRoom, HALL)],
        [sortShowRoomWorks, mockCall(sortShowRoomWorks, {})],
      ]),
    );
    const user = userEvent.setup();
    renderWithApp(<ShowroomHallPage id={3} />);
    await user.click(await screen.findByRole('button', { name: '下移 芍药' }, WAIT));
    await waitFor(
      () =>
        expect(callApi).toHaveBeenCalledWith(sortShowRoomWorks, {
          showRoomId: 3,
          workIds: [2, 1, 3],
        }),
      WAIT,
    );
    expect(screen.getByRole('button', { name: '上移 芍药' })).toBeDisabled();
  });

  it('shows a read-only member the works without edit buttons', async () => {
    answer(
      new Map<CallDef, unknown>([
        [getShowRoom, mockCall(getShowRoom, { ...HALL, role: 'viewer', canEdit: false })],
      ]),
    );
    renderWithApp(<ShowroomHallPage id={3} />);
    expect(await screen.findAllByTestId('hall-work', {}, WAIT)).toHaveLength(3);
    expect(screen.getByText('你在该展厅只有只读权限。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加作品/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /下移/ })).not.toBeInTheDocument();
  });

  it('tells an editor of a locked hall that it is locked', async () => {
    answer(
      new Map<CallDef, unknown>([
        [
          getShowRoom,
          mockCall(getShowRoom, {
            ...HALL,
            role: 'editor',
            locked: true,
            canEdit: false,
            lockedBy: '杭州织造厂',
            lockedAt: '2026-11-24T03:00:00.000Z',
          }),
        ],
      ]),
    );
    renderWithApp(<ShowroomHallPage id={3} />);
    expect(await screen.findByText('展厅已锁定', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /移除/ })).not.toBeInTheDocument();
  });
});

describe('ShowroomAddPage (/user/myShowRoom/add)', () => {
  it('creates a hall with the chosen works and cover, one request id for every click', async () => {
    answer(
      new Map<CallDef, unknown>([
        [getMyShowRooms, mockCall(getMyShowRooms, { mine: [], shared: [], remaining: 20 })],
        [
          getCandidateWorks,
          mockCall(getCandidateWorks, { list: [work(1, '芍药'), work(2, '海棠')], total: 2 }),
        ],
        [addShowRoom, mockCall(addShowRoom, { showRoomId: 9 })],
      ]),
    );
    const user = userEvent.setup();
    renderWithApp(<ShowroomAddPage />);
    await user.click(screen.getByLabelText('展厅名称'));
    await user.paste('春季客户提案');
    await user.click(await screen.findByRole('checkbox', { name: '海棠' }, WAIT));
    await user.click(screen.getByRole('checkbox', { name: '芍药' }));
    await user.click(screen.getByRole('radio', { name: /芍药/ }));
    const submit = screen.getByRole('button', { name: '创建展厅' });
    await user.click(submit);
    await waitFor(
      () =>
        expect(screen.getByTestId('location')).toHaveTextContent('/user/myShowRoom/showRoomId/9'),
      WAIT,
    );
    const sent = callApi.mock.calls.filter(([call]) => call === addShowRoom);
    expect(sent[0]?.[1]).toMatchObject({
      name: '春季客户提案',
      workIds: [2, 1],
      coverWorkId: 1,
    });
    expect(String((sent[0]?.[1] as { requestId: string }).requestId).length).toBeGreaterThan(7);
  });
});

describe('SharedShowroomView (/user/myShowRoom/share?token=…)', () => {
  it('asks for the 访问码, says a wrong one, and shows the works for the right one', async () => {
    useSessionStore.setState({ loginState: 'no-logged-in' });
    callApi.mockImplementation(async (call: CallDef, input: { code: string }) => {
      if (call !== viewSharedShowRoom) throw new Error(`unexpected ${call.name}`);
      if (input.code === '') return mockCall(viewSharedShowRoom, { needCode: true });
      if (input.code !== '2468') throw new ApiError(5, '访问码错误，还可尝试 4 次');
      return mockCall(viewSharedShowRoom, {
        needCode: false,
        hall: {
          name: '春季客户提案',
          description: '',
          ownerName: '杭州织造厂',
          background: '#ffffff',
          coverUrl: '',
          works: [work(1, '芍药')],
          expiresAt: null,
        },
      });
    });
    const user = userEvent.setup();
    renderWithApp(<SharedShowroomView token="abc" />);
    await user.type(await screen.findByLabelText('访问码', {}, WAIT), '1111');
    await user.click(screen.getByRole('button', { name: '查看展厅' }));
    expect(await screen.findByText('访问码错误，还可尝试 4 次', {}, WAIT)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('访问码'));
    await user.type(screen.getByLabelText('访问码'), '2468');
    await user.click(screen.getByRole('button', { name: '查看展厅' }));
    expect(await screen.findByTestId('shared-work', {}, WAIT)).toHaveTextContent('芍药');
    expect(screen.getByText(/杭州织造厂 分享的展厅/)).toBeInTheDocument();
  });
});

describe('ShowroomScenePage (/user/myShowRoom/scene3d)', () => {
  it('hangs the works on the walls and turns and walks with the arrow keys', async () => {
    answer(new Map<CallDef, unknown>([[getShowRoom, mockCall(getShowRoom, HALL)]]));
    renderWithApp(<ShowroomScenePage id={3} />);
    const room = await screen.findByTestId('scene-room', {}, WAIT);
    expect(within(room).getAllByRole('img')).toHaveLength(3);
    const stage = screen.getByRole('application');
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    fireEvent.keyDown(stage, { key: 'ArrowUp' });
    expect(room.style.transform).toBe('translateZ(120px) rotateY(90deg)');
    await userEvent.setup().click(screen.getByRole('button', { name: /向左转/ }));
    expect(room.style.transform).toBe('translateZ(120px) rotateY(0deg)');
  });
});
