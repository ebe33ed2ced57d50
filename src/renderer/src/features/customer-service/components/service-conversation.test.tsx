import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  contactCustomerService,
  getMyServiceThread,
  getServiceUnreadCount,
} from '@shared/contract/customer-service';
import type { ServiceMessage, ServiceThread } from '@shared/contract/customer-service';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { useSessionStore } from '../../../stores/session-store';
import { ContactServiceButton } from './contact-service-button';
import { useServiceDrawerStore } from '../stores/service-drawer-store';
import { ServiceDrawerHost, ServiceFloatingEntry } from './service-floating-entry';

/** The floating entry and its drawer, mounted side by side as the app's chrome does. */
const Floating = () => (
  <>
    <ServiceFloatingEntry />
    <ServiceDrawerHost />
  </>
);

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));
const uploadServiceImage = vi.hoisted(() => vi.fn());
vi.mock('../api/upload-service-image', () => ({ uploadServiceImage }));

const NO_CONTEXT = { workId: null, workTitle: '', orderNo: null };
const message = (over: Partial<ServiceMessage> & { id: number }): ServiceMessage => ({
  fromStaff: false,
  content: '',
  images: [],
  context: NO_CONTEXT,
  createdAt: '2026-11-24T02:00:00.000Z',
  read: true,
  ...over,
});

let thread: ServiceThread;
let unread: number;

beforeEach(() => {
  useSessionStore.setState({ loginState: 'sign-in', loginDialogOpen: false });
  useServiceDrawerStore.setState({ open: false });
  unread = 1;
  thread = {
    id: 7,
    state: 'open',
    createdAt: '2026-11-24T02:00:00.000Z',
    closedAt: null,
    messages: [
      message({ id: 1, content: '请问商用授权包含电商详情页吗？' }),
      message({
        id: 2,
        fromStaff: true,
        content: '包含的，素材授权可用于电商详情页与主图。',
        images: [{ thumbUrl: '/files/t.webp', url: '/files/o.png' }],
        createdAt: '2026-11-24T02:05:00.000Z',
        read: false,
      }),
    ],
  };
  uploadServiceImage.mockReset();
  uploadServiceImage.mockResolvedValue({
    fileKey: 'private/uploads/9/ab/abc.png',
    sha256: 'abc',
    size: 1200,
    width: 100,
    height: 100,
    format: 'png',
    duplicate: false,
  });
  callApi.mockReset();
  callApi.mockImplementation(
    async (call: CallDef, input: { content?: string; imageKeys?: string[]; workId?: number }) => {
      if (call === getServiceUnreadCount) return mockCall(getServiceUnreadCount, { unread });
      if (call === getMyServiceThread) {
        unread = 0;
        return mockCall(getMyServiceThread, { thread });
      }
      if (call === contactCustomerService) {
        if (input.content?.includes('太频繁')) throw new ApiError(1029, '发送太频繁，请稍后再试');
        thread = {
          ...thread,
          messages: [
            ...thread.messages,
            message({
              id: thread.messages.length + 1,
              content: input.content ?? '',
              images: (input.imageKeys ?? []).map(() => ({
                thumbUrl: '/files/new-t.webp',
                url: '/files/new.png',
              })),
              context: { ...NO_CONTEXT, workId: input.workId ?? null, workTitle: '缠枝莲纹' },
              read: false,
            }),
          ],
        };
        return mockCall(contactCustomerService, thread);
      }
      throw new Error(`unexpected ${call.name}`);
    },
  );
});

describe('在线客服 from the floating tools', () => {
  it('shows the unread staff replies on the entry, and the whole thread in the drawer', async () => {
    const user = fastUser();
    renderWithApp(<Floating />);
    expect(await screen.findByTitle('1 条客服回复未读')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '在线客服' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('在线客服')).toBeInTheDocument();
    expect(
      await within(drawer).findByText('包含的，素材授权可用于电商详情页与主图。'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('纹样客服')).toBeInTheDocument();
    expect(within(drawer).getByText('请问商用授权包含电商详情页吗？')).toBeInTheDocument();
    expect(within(drawer).getByRole('img', { name: '图片 1' })).toBeInTheDocument();
    // Reading the thread clears the badge.
    await waitFor(() => expect(screen.queryByTitle('1 条客服回复未读')).not.toBeInTheDocument());
  });

  it('keeps the conversation open when the floating tools hide (scrolled back to the top)', async () => {
    const user = fastUser();
    function ScrollingPage() {
      const [toolsShown, setToolsShown] = useState(true);
      return (
        <>
          {toolsShown ? <ServiceFloatingEntry /> : null}
          <button type="button" onClick={() => setToolsShown(false)}>
            回到顶部
          </button>
          <ServiceDrawerHost />
        </>
      );
    }
    renderWithApp(<ScrollingPage />);
    await user.click(await screen.findByRole('button', { name: '在线客服' }));
    await screen.findByText('请问商用授权包含电商详情页吗？');
    fireEvent.click(screen.getByText('回到顶部'));
    expect(screen.queryByRole('button', { name: '在线客服' })).not.toBeInTheDocument();
    expect(screen.getByText('请问商用授权包含电商详情页吗？')).toBeInTheDocument();
  });

  it('sends text with an image and shows it in the thread', async () => {
    const user = fastUser();
    renderWithApp(<Floating />);
    await user.click(await screen.findByRole('button', { name: '在线客服' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('请问商用授权包含电商详情页吗？');

    const png = new File([new Uint8Array([137, 80, 78, 71])], '花型截图.png', {
      type: 'image/png',
    });
    await user.upload(within(drawer).getByLabelText('添加图片'), png);
    expect(await within(drawer).findByText('花型截图.png')).toBeInTheDocument();
    expect(uploadServiceImage).toHaveBeenCalledWith(png);

    await user.click(within(drawer).getByLabelText('消息内容'));
    await user.paste('这张图里的纹样能做独家吗？');
    await user.click(within(drawer).getByRole('button', { name: /^发\s*送$/ }));

    expect(await within(drawer).findByText('这张图里的纹样能做独家吗？')).toBeInTheDocument();
    const [sent] = requestsOf(callApi, contactCustomerService) as {
      content: string;
      imageKeys: string[];
      clientKey: string;
    }[];
    expect(sent).toMatchObject({
      content: '这张图里的纹样能做独家吗？',
      imageKeys: ['private/uploads/9/ab/abc.png'],
    });
    expect(sent?.clientKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(within(drawer).getByLabelText('消息内容')).toHaveValue('');
    expect(within(drawer).queryByText('花型截图.png')).not.toBeInTheDocument();
  });

  it('refuses an empty message, a gif or a file over 2 MB before sending, and keeps a refused draft', async () => {
    // The picker offers png/jpg only; a user can still choose "all files", which the check catches.
    const user = userEvent.setup({
      applyAccept: false,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderWithApp(<Floating />);
    await user.click(await screen.findByRole('button', { name: '在线客服' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('请问商用授权包含电商详情页吗？');

    await user.click(within(drawer).getByRole('button', { name: /^发\s*送$/ }));
    expect(await within(drawer).findByText('请输入消息内容')).toBeInTheDocument();

    const input = within(drawer).getByLabelText('添加图片');
    const gif = new File(['GIF89a'], '动图.gif', { type: 'image/gif' });
    await user.upload(input, gif);
    expect(await within(drawer).findByText('图片只支持 png、jpg 格式')).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], '大图.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect(await within(drawer).findByText('图片大小不能超过 2MB')).toBeInTheDocument();
    expect(uploadServiceImage).not.toHaveBeenCalled();

    // A refusal from the server is shown, and the same draft can be sent again with the same key.
    await user.click(within(drawer).getByLabelText('消息内容'));
    await user.paste('太频繁了吗');
    await user.click(within(drawer).getByRole('button', { name: /^发\s*送$/ }));
    expect(await within(drawer).findByText('发送太频繁，请稍后再试')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('消息内容')).toHaveValue('太频繁了吗');
    await user.click(within(drawer).getByRole('button', { name: /^发\s*送$/ }));
    await waitFor(() => expect(requestsOf(callApi, contactCustomerService)).toHaveLength(2));
    const keys = (requestsOf(callApi, contactCustomerService) as { clientKey: string }[]).map(
      (r) => r.clientKey,
    );
    expect(keys[0]).toBe(keys[1]);
  });

  it('asks a guest to sign in instead of opening the conversation', async () => {
    useSessionStore.setState({ loginState: 'no-logged-in', loginDialogOpen: false });
    const user = fastUser();
    renderWithApp(<Floating />);
    await user.click(screen.getByRole('button', { name: '在线客服' }));
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsOf(callApi, getServiceUnreadCount)).toHaveLength(0);
  });
});

describe('联系客服 on a work page', () => {
  it('sends the work as the message’s context', async () => {
    const user = fastUser();
    renderWithApp(<ContactServiceButton context={{ workId: 42, workTitle: '缠枝莲纹' }} />);
    await user.click(screen.getByRole('button', { name: /联系客服/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('作品 缠枝莲纹')).toBeInTheDocument();
    await within(drawer).findByText('请问商用授权包含电商详情页吗？');
    await user.click(within(drawer).getByLabelText('消息内容'));
    await user.paste('这件作品可以买品类独家吗？');
    await user.click(within(drawer).getByRole('button', { name: /^发\s*送$/ }));
    await waitFor(() =>
      expect(requestsOf(callApi, contactCustomerService)).toEqual([
        expect.objectContaining({
          content: '这件作品可以买品类独家吗？',
          workId: 42,
          imageKeys: [],
        }),
      ]),
    );
    expect(await within(drawer).findByText('咨询作品：缠枝莲纹')).toBeInTheDocument();
  });
});
