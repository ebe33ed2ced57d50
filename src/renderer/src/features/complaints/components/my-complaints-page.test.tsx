import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerComplaint, getComplaintDetail, getMyComplaints } from '@shared/contract/complaints';
import type { ComplaintDetail, ComplaintState } from '@shared/contract/complaints';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { MyComplaintsPage } from './my-complaints-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const AT = '2026-11-24T03:00:00.000Z';
let state: ComplaintState;

const detail = (): ComplaintDetail => ({
  id: 8,
  refNo: 'TS2026112411000000000008',
  workId: 12,
  workTitle: '缠枝牡丹',
  workThumbUrl: '',
  rights: '著作权',
  state,
  createdAt: AT,
  updatedAt: AT,
  description: '构图与配色与我 2023 年发表的原稿一致',
  ownWorkUrl: '',
  contact: '',
  viewerRole: 'designer',
  canAnswer: state === 'taken_down',
  events: [
    {
      id: 1,
      actorRole: 'complainant',
      action: 'filed',
      text: '构图与配色与我 2023 年发表的原稿一致',
      createdAt: AT,
      files: [],
    },
    {
      id: 2,
      actorRole: 'admin',
      action: 'taken_down',
      text: '经核实予以下架',
      createdAt: AT,
      files: [],
    },
    ...(state === 'countered'
      ? [
          {
            id: 3,
            actorRole: 'designer' as const,
            action: 'countered' as const,
            text: '本人 2021 年原创，附手稿',
            createdAt: AT,
            files: [],
          },
        ]
      : []),
  ],
});

beforeEach(() => {
  state = 'taken_down';
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { side?: string }) => {
    if (call === getMyComplaints) {
      const {
        events: _e,
        description: _d,
        ownWorkUrl: _o,
        contact: _c,
        viewerRole: _v,
        canAnswer: _a,
        ...summary
      } = detail();
      return mockCall(
        getMyComplaints,
        input.side === 'against' ? { list: [summary], total: 1 } : { list: [], total: 0 },
      );
    }
    if (call === getComplaintDetail) return mockCall(getComplaintDetail, detail());
    if (call === answerComplaint) {
      state = 'countered';
      return mockCall(answerComplaint, detail());
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('/user/complaints 我的投诉', () => {
  it('shows complaints against my works and lets the designer file a counter-notice', async () => {
    const u = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderWithApp(<MyComplaintsPage />, { initialEntries: ['/user/complaints?side=against'] });
    expect(await screen.findByText('TS2026112411000000000008')).toBeInTheDocument();
    expect(screen.getByText('作品已下架')).toBeInTheDocument();
    await u.click(screen.getByText(/^查\s*看$/));
    expect(await screen.findByText('经核实予以下架')).toBeInTheDocument();

    const counter = screen.getByLabelText('提交申诉说明');
    await u.click(screen.getByText('提交申诉', { selector: 'button span' }));
    expect(await screen.findByText('请填写说明，至少 5 个字')).toBeInTheDocument();
    await u.click(counter);
    await u.paste('本人 2021 年原创，附手稿');
    await u.click(screen.getByText('提交申诉', { selector: 'button span' }));
    const log = await screen.findByText('本人 2021 年原创，附手稿', { selector: 'p' });
    expect(log).toBeInTheDocument();
    expect(within(document.body).getAllByText('设计师已申诉').length).toBeGreaterThan(0);
    expect(requestsOf(callApi, answerComplaint)).toEqual([
      { id: 8, text: '本人 2021 年原创，附手稿', attachmentIds: [] },
    ]);
  });
});
