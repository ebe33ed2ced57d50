import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getServiceThread,
  getServiceThreads,
  replyServiceThread,
  setServiceThreadState,
} from '@shared/contract/customer-service';
import type { ServiceThreadDetail, ServiceThreadSummary } from '@shared/contract/customer-service';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { ServiceDesk } from './service-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));
const uploadServiceImage = vi.hoisted(() => vi.fn());
vi.mock('../api/upload-service-image', () => ({ uploadServiceImage }));

const USER = { id: 31, nickName: '杭州织造厂', caiHongID: '100031' };
const WORK_CONTEXT = { workId: 42, workTitle: '缠枝莲纹', orderNo: null };

let detail: ServiceThreadDetail;
let summaries: ServiceThreadSummary[];

beforeEach(() => {
  detail = {
    id: 7,
    state: 'open',
    createdAt: '2026-11-24T02:00:00.000Z',
    closedAt: null,
    user: USER,
    messages: [
      {
        id: 1,
        fromStaff: false,
        content: '这件作品能用在丝巾上吗？',
        images: [{ thumbUrl: '/files/t.webp', url: '/files/o.png' }],
        context: WORK_CONTEXT,
        createdAt: '2026-11-24T02:00:00.000Z',
        read: false,
      },
    ],
  };
  summaries = [
    {
      id: 7,
      state: 'open',
      user: USER,
      preview: '这件作品能用在丝巾上吗？',
      lastMessageAt: '2026-11-24T02:00:00.000Z',
      waitingSince: '2026-11-24T02:00:00.000Z',
      unread: 1,
      context: WORK_CONTEXT,
    },
    {
      id: 5,
      state: 'open',
      user: { id: 32, nickName: '跨境小店', caiHongID: '100032' },
      preview: '好的，谢谢',
      lastMessageAt: '2026-11-23T09:00:00.000Z',
      waitingSince: null,
      unread: 0,
      context: { workId: null, workTitle: '', orderNo: 'WY202611230001234567' },
    },
  ];
  uploadServiceImage.mockReset();
  uploadServiceImage.mockResolvedValue({
    fileKey: 'private/uploads/1/cd/cde.jpg',
    sha256: 'cde',
    size: 5000,
    width: 300,
    height: 200,
    format: 'jpeg',
    duplicate: false,
  });
  callApi.mockReset();
  callApi.mockImplementation(
    async (
      call: CallDef,
      input: { content?: string; imageKeys?: string[]; state?: 'open' | 'closed' },
    ) => {
      if (call === getServiceThreads) {
        const list = summaries.filter((s) => s.state === input.state);
        return mockCall(getServiceThreads, { list, total: list.length });
      }
      if (call === getServiceThread) return mockCall(getServiceThread, detail);
      if (call === replyServiceThread) {
        detail = {
          ...detail,
          messages: [
            ...detail.messages.map((m) => ({ ...m, read: true })),
            {
              id: 2,
              fromStaff: true,
              content: input.content ?? '',
              images: (input.imageKeys ?? []).map(() => ({
                thumbUrl: '/files/r.webp',
                url: '/files/r.jpg',
              })),
              context: { workId: null, workTitle: '', orderNo: null },
              createdAt: '2026-11-24T02:10:00.000Z',
              read: false,
            },
          ],
        };
        summaries = summaries.map((s) =>
          s.id === 7 ? { ...s, waitingSince: null, unread: 0 } : s,
        );
        return mockCall(replyServiceThread, detail);
      }
      if (call === setServiceThreadState) {
        detail = { ...detail, state: input.state ?? 'open' };
        summaries = summaries.map((s) => (s.id === 7 ? { ...s, state: detail.state } : s));
        return mockCall(setServiceThreadState, detail);
      }
      throw new Error(`unexpected ${call.name}`);
    },
  );
});

describe('ServiceDesk (/admin/service 在线客服)', () => {
  it('lists waiting threads first with their context and answers one with text and an image', async () => {
    const user = fastUser();
    renderWithApp(<ServiceDesk />);
    const list = await screen.findByRole('list', { name: '会话列表' });
    const rows = within(list).getAllByRole('button');
    expect(rows[0]).toHaveTextContent('杭州织造厂');
    expect(rows[0]).toHaveTextContent('待回复');
    expect(rows[0]).toHaveTextContent('咨询作品：缠枝莲纹');
    expect(rows[1]).toHaveTextContent('咨询订单：WY202611230001234567');
    expect(rows[1]).not.toHaveTextContent('待回复');

    await user.click(rows[0]!);
    expect(await screen.findByText('彩虹号 100031')).toBeInTheDocument();
    const messages = screen.getByRole('list', { name: '会话消息' });
    expect(within(messages).getByText('这件作品能用在丝巾上吗？')).toBeInTheDocument();
    expect(within(messages).getByText('咨询作品：缠枝莲纹')).toBeInTheDocument();

    const jpg = new File([new Uint8Array([255, 216, 255])], '示意图.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('添加图片'), jpg);
    await screen.findByText('示意图.jpg');
    await user.click(screen.getByLabelText('消息内容'));
    await user.paste('可以，购买品类独家授权即可用于丝巾。');
    await user.click(screen.getByRole('button', { name: /^回\s*复$/ }));

    expect(
      await within(messages).findByText('可以，购买品类独家授权即可用于丝巾。'),
    ).toBeInTheDocument();
    expect(requestsOf(callApi, replyServiceThread)).toEqual([
      expect.objectContaining({
        threadId: 7,
        content: '可以，购买品类独家授权即可用于丝巾。',
        imageKeys: ['private/uploads/1/cd/cde.jpg'],
      }),
    ]);
    await waitFor(() => expect(within(list).queryByText('待回复')).not.toBeInTheDocument());
  });

  it('closes a thread, after which it can only be reopened', async () => {
    const user = fastUser();
    renderWithApp(<ServiceDesk />);
    const list = await screen.findByRole('list', { name: '会话列表' });
    await user.click(within(list).getAllByRole('button')[0]!);
    await screen.findByText('彩虹号 100031');
    await user.click(screen.getByRole('button', { name: '关闭会话' }));
    await user.click(await screen.findByRole('button', { name: /^关\s*闭$/ }));
    await waitFor(() =>
      expect(requestsOf(callApi, setServiceThreadState)).toEqual([
        { threadId: 7, state: 'closed' },
      ]),
    );
    expect(await screen.findByText('会话已关闭，重新打开后才能回复。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重新打开/ })).toBeInTheDocument();
  });

  it('shows closed threads on their own tab', async () => {
    summaries = summaries.map((s) => (s.id === 5 ? { ...s, state: 'closed' } : s));
    const user = fastUser();
    renderWithApp(<ServiceDesk />);
    await screen.findByRole('list', { name: '会话列表' });
    await user.click(screen.getByText('已关闭'));
    const list = await screen.findByRole('list', { name: '会话列表' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(within(list).getByRole('button')).toHaveTextContent('跨境小店');
  });
});
