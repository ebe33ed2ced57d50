import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminApplicationDetail, AdminApplicationRow } from '@shared/contract/admin';
import {
  getApplicationDetail,
  getApplicationList,
  reviewApplication,
} from '@shared/contract/admin';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { ApplicationReview } from './application-review';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);
const user = fastUser;

const ROW: AdminApplicationRow = {
  id: 31,
  kind: 'personal',
  state: 'submitted',
  nickName: '青花小筑',
  applicantName: '林晓',
  userId: 7,
  caiHongID: '80012345',
  phoneMasked: '139****5678',
  sampleCount: 1,
  createdAt: '2024-05-01T02:00:00Z',
  reviewedAt: null,
  invited: false,
};

const DETAIL: AdminApplicationDetail = {
  application: {
    id: 31,
    kind: 'personal',
    state: 'submitted',
    nickName: '青花小筑',
    settledInType: 1,
    realName: '林晓',
    idNumberMasked: '1101**********1234',
    companyName: '',
    creditCode: '',
    contactPhone: '13912345678',
    contactEmail: '',
    industryIds: [1],
    industryTitles: ['服装面料'],
    intro: '专注青花纹样',
    samples: [{ fileKey: 'a', thumbUrl: '/t/a.webp', url: '/f/a.png', width: 800, height: 800 }],
    licence: null,
    rejectReason: '',
    createdAt: '2024-05-01T02:00:00Z',
    reviewedAt: null,
  },
  applicant: {
    userId: 7,
    caiHongID: '80012345',
    userName: '林晓',
    phoneMasked: '139****5678',
    registeredAt: '2024-04-01T02:00:00Z',
    settleStatus: 0,
  },
  verification: null,
  history: [],
};

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { state?: string }) => {
    if (call === getApplicationList)
      return mockCall(
        getApplicationList,
        input.state === 'submitted' ? { list: [ROW], total: 1 } : { list: [], total: 0 },
      );
    if (call === getApplicationDetail) return mockCall(getApplicationDetail, DETAIL);
    if (call === reviewApplication)
      return mockCall(reviewApplication, { ...DETAIL.application, state: 'approved' });
    throw new Error(`unexpected call ${call.name}`);
  });
});

const openRow = async () => {
  const row = (await screen.findByText('青花小筑')).closest('tr');
  if (!row) throw new Error('no row');
  await user().click(within(row).getByRole('button'));
  return screen.findByText('作品样例（1）');
};

describe('ApplicationReview', () => {
  it('lists pending applications first and switches to the other states', async () => {
    renderWithApp(<ApplicationReview />);
    expect(await screen.findByText('青花小筑')).toBeInTheDocument();
    expect(screen.getByText('139****5678')).toBeInTheDocument();
    expect(callsOf(getApplicationList)).toEqual([
      { pageIndex: 1, pageSize: 20, state: 'submitted' },
    ]);
    await user().click(screen.getByText('已通过'));
    expect(await screen.findByText('没有申请')).toBeInTheDocument();
    expect(callsOf(getApplicationList)).toContainEqual({
      pageIndex: 1,
      pageSize: 20,
      state: 'approved',
    });
  });

  it('opens an application with its samples and approves it', async () => {
    renderWithApp(<ApplicationReview />);
    await openRow();
    expect(screen.getByText('入驻申请')).toBeInTheDocument();
    expect(screen.getByText('专注青花纹样')).toBeInTheDocument();
    expect(screen.getByAltText('作品样例')).toBeInTheDocument();
    await user().click(screen.getByText('通 过'));
    await waitFor(() =>
      expect(callsOf(reviewApplication)).toEqual([{ id: 31, approve: true, reason: '' }]),
    );
    expect(await screen.findByText('已通过，申请人已成为入驻设计师')).toBeInTheDocument();
  });

  it('rejects an application with a preset reason', async () => {
    renderWithApp(<ApplicationReview />);
    await openRow();
    await user().click(screen.getByText('驳 回'));
    await user().click(await screen.findByText('昵称不符合规范，请修改后重新申请'));
    expect(screen.getByLabelText('原因')).toHaveValue('昵称不符合规范，请修改后重新申请');
    await user().click(screen.getByText('确 定'));
    await waitFor(() =>
      expect(callsOf(reviewApplication)).toEqual([
        { id: 31, approve: false, reason: '昵称不符合规范，请修改后重新申请' },
      ]),
    );
    expect(await screen.findByText('已驳回，申请人会看到原因')).toBeInTheDocument();
  });
});
