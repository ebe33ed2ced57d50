import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminWorkDetail, AdminWorkRow } from '@shared/contract/admin';
import {
  getWorkReviewDetail,
  getWorkReviewList,
  reviewWork,
  takeDownWork,
} from '@shared/contract/admin';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { WorkReview } from './work-review';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);
const user = fastUser;

const row = (status: AdminWorkRow['status']): AdminWorkRow => ({
  id: status === 'review' ? 41 : 42,
  title: status === 'review' ? '青花缠枝' : '回纹几何',
  status,
  thumbUrl: '',
  designerId: 7,
  designerName: '林晓',
  categoryTitle: '女装',
  headerType: 3,
  priceFen: 19_900,
  submittedAt: '2024-05-01T02:00:00Z',
  duplicateCount: status === 'review' ? 1 : 0,
});

const detail = (status: AdminWorkRow['status']): AdminWorkDetail => ({
  id: status === 'review' ? 41 : 42,
  title: status === 'review' ? '青花缠枝' : '回纹几何',
  description: '',
  status,
  statusTitle: status === 'review' ? '审核中' : '已发布',
  imageUrl: '/f/41.png',
  thumbUrl: '/t/41.webp',
  width: 1200,
  height: 1200,
  categoryPath: ['服装面料', '女装'],
  style: 'floral',
  styleTitle: '花卉',
  headerType: 3,
  isSeamless: true,
  tags: ['青花'],
  colors: ['#1d4ed8'],
  licences: [{ kind: 'category_exclusive', title: '品类独家授权', priceFen: 19_900, scope: '' }],
  designer: { userId: 7, userName: '林晓', caiHongID: '80012345' },
  submittedAt: '2024-05-01T02:00:00Z',
  duplicates:
    status === 'review'
      ? [
          {
            workId: 9,
            title: '缠枝莲',
            designerId: 8,
            designerName: '王设计',
            status: 'published',
            thumbUrl: '/t/9.webp',
            score: 0.93,
            reason: 'other_designer',
            match: 'similar',
          },
        ]
      : [],
  history: [],
});

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { status?: string; id?: number }) => {
    if (call === getWorkReviewList) {
      if (input.status === 'review')
        return mockCall(getWorkReviewList, { list: [row('review')], total: 1 });
      if (input.status === 'published')
        return mockCall(getWorkReviewList, { list: [row('published')], total: 1 });
      return mockCall(getWorkReviewList, { list: [], total: 0 });
    }
    if (call === getWorkReviewDetail)
      return mockCall(getWorkReviewDetail, detail(input.id === 41 ? 'review' : 'published'));
    if (call === reviewWork)
      return mockCall(reviewWork, { id: Number(input.id), status: 'published' });
    if (call === takeDownWork)
      return mockCall(takeDownWork, { id: Number(input.id), status: 'offline' });
    throw new Error(`unexpected call ${call.name}`);
  });
});

const open = async (title: string) => {
  const tr = (await screen.findByText(title)).closest('tr');
  if (!tr) throw new Error('no row');
  await user().click(within(tr).getByRole('button'));
};

describe('WorkReview', () => {
  it('lists works in review with their duplicate count, and searches by keyword', async () => {
    renderWithApp(<WorkReview />);
    expect(await screen.findByText('青花缠枝')).toBeInTheDocument();
    expect(screen.getByText('疑似重复 1')).toBeInTheDocument();
    await user().type(screen.getByLabelText('搜索作品'), '青花{Enter}');
    await waitFor(() =>
      expect(callsOf(getWorkReviewList)).toContainEqual({
        pageIndex: 1,
        pageSize: 20,
        status: 'review',
        keyword: '青花',
      }),
    );
  });

  it('shows the possible copies beside the original and approves the work', async () => {
    renderWithApp(<WorkReview />);
    await open('青花缠枝');
    expect(
      await screen.findByText('查重发现 1 件疑似相同或相似的作品，请比对后再决定'),
    ).toBeInTheDocument();
    expect(screen.getByText('缠枝莲')).toBeInTheDocument();
    expect(screen.getByText('相似度 93%')).toBeInTheDocument();
    await user().click(screen.getByText('通过并发布'));
    await waitFor(() =>
      expect(callsOf(reviewWork)).toEqual([{ id: 41, approve: true, reason: '' }]),
    );
    expect(await screen.findByText('已通过，作品已发布')).toBeInTheDocument();
  });

  it('takes a published work down with a reason', async () => {
    renderWithApp(<WorkReview />);
    await screen.findByText('青花缠枝');
    await user().click(screen.getByText('已发布', { selector: '.ant-tabs-tab-btn' }));
    await open('回纹几何');
    expect(await screen.findByText('查重未发现相同或相似的作品')).toBeInTheDocument();
    await user().click(screen.getByText('下 架'));
    await user().click(await screen.findByText('收到侵权投诉，下架核实'));
    await user().click(screen.getByText('确 定'));
    await waitFor(() =>
      expect(callsOf(takeDownWork)).toEqual([{ id: 42, reason: '收到侵权投诉，下架核实' }]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('已下架');
  });
});
