import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addComplainRecord } from '@shared/contract/complaints';
import type { Attachment } from '@shared/contract/complaints';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { ComplaintForm } from './complaint-form';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const upload = vi.fn(async (f: File): Promise<Attachment> => ({
  id: 77,
  name: f.name,
  size: f.size,
  width: 900,
  height: 900,
  url: '/files/private/x.png?sig=1',
}));
const measure = async () => ({ width: 900, height: 900 });
const user = () =>
  userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Pastes rather than types: the same change for the form, a fraction of the time. */
async function fill(u: ReturnType<typeof user>, field: HTMLElement, text: string) {
  await u.click(field);
  await u.paste(text);
}

let refuseOnce = false;
beforeEach(() => {
  refuseOnce = false;
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === addComplainRecord) {
      if (refuseOnce) {
        refuseOnce = false;
        throw new ApiError(
          1009,
          '你已投诉过该作品（编号 TS2026112412000012345678），平台正在处理中',
        );
      }
      return mockCall(addComplainRecord, {
        id: 5,
        refNo: 'TS2026112412000087654321',
        state: 'pending',
      });
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('ComplaintForm (侵权投诉)', () => {
  it('checks each field with the same sentences as the server, then files it once with the evidence', async () => {
    const u = user();
    renderWithApp(
      <ComplaintForm workId={12} workTitle="缠枝牡丹" upload={upload} measure={measure} />,
    );
    expect(screen.getByText('《缠枝牡丹》')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: '提交投诉' });

    await u.click(submit);
    expect(await screen.findByText('请选择被侵犯的权利')).toBeInTheDocument();
    await u.click(screen.getByRole('radio', { name: '著作权' }));
    await fill(u, screen.getByLabelText('侵权说明'), '一模一样');
    await u.click(submit);
    expect(await screen.findByText('请描述侵权情况，至少 10 个字')).toBeInTheDocument();
    await fill(u, screen.getByLabelText('侵权说明'), '，构图与配色与我 2023 年发表的原稿完全一致');
    await fill(u, screen.getByLabelText('原作品链接'), 'http://example.com/a');
    await u.click(submit);
    expect(
      await screen.findByText('原作品链接需以 https:// 开头，或填写本站作品页地址'),
    ).toBeInTheDocument();
    await u.clear(screen.getByLabelText('原作品链接'));
    await fill(u, screen.getByLabelText('原作品链接'), 'https://www.zcool.com.cn/work/abc.html');
    await fill(u, screen.getByLabelText('联系方式'), '12345');
    await u.click(submit);
    expect(await screen.findByText('请填写联系方式（11 位手机号或邮箱）')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('联系方式'));
    await fill(u, screen.getByLabelText('联系方式'), 'ip@studio.cn');
    await u.click(submit);
    expect(await screen.findByText('请上传至少一份证据材料')).toBeInTheDocument();
    expect(requestsOf(callApi, addComplainRecord)).toEqual([]);

    await u.upload(
      screen.getByTestId('attachment-upload-input'),
      new File([new Uint8Array(50 * 1024)], '原稿.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('已上传')).toBeInTheDocument();
    await u.click(submit);
    expect(await screen.findByText('投诉已提交')).toBeInTheDocument();
    expect(screen.getByText(/投诉编号 TS2026112412000087654321/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看我的投诉' })).toHaveAttribute(
      'href',
      '/user/complaints',
    );
    const sent = requestsOf(callApi, addComplainRecord) as { requestKey: string }[];
    expect(sent).toEqual([
      {
        workId: 12,
        rights: '著作权',
        description: '一模一样，构图与配色与我 2023 年发表的原稿完全一致',
        ownWorkUrl: 'https://www.zcool.com.cn/work/abc.html',
        contact: 'ip@studio.cn',
        attachmentIds: [77],
        requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      },
    ]);
  });

  it("shows the server's refusal and sends the same form key when tried again", async () => {
    const u = user();
    refuseOnce = true;
    renderWithApp(
      <ComplaintForm workId={12} workTitle="缠枝牡丹" upload={upload} measure={measure} />,
    );
    await u.click(screen.getByRole('radio', { name: '商标权' }));
    await fill(u, screen.getByLabelText('侵权说明'), '该作品使用了我方注册商标图形，未经许可');
    await fill(u, screen.getByLabelText('联系方式'), '13712345678');
    await u.upload(
      screen.getByTestId('attachment-upload-input'),
      new File([new Uint8Array(50 * 1024)], '商标证.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('已上传')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '提交投诉' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('你已投诉过该作品（编号 TS2026112412000012345678），平台正在处理中'),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '提交投诉' }));
    expect(await screen.findByText('投诉已提交')).toBeInTheDocument();
    const keys = (requestsOf(callApi, addComplainRecord) as { requestKey: string }[]).map(
      (r) => r.requestKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
