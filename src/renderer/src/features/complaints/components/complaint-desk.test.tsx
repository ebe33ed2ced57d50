import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decideComplaint,
  getAdminComplaintList,
  getComplaintReview,
} from '@shared/contract/complaints';
import type { ComplaintDetail, ComplaintState } from '@shared/contract/complaints';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { ComplaintDesk } from './complaint-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const AT = '2026-11-24T03:00:00.000Z';
let state: ComplaintState;

const detail = (): ComplaintDetail => ({
  id: 3,
  refNo: 'TS2026112411000012345678',
  workId: 12,
  workTitle: '缠枝牡丹',
  workThumbUrl: '',
  rights: '著作权',
  state,
  createdAt: AT,
  updatedAt: AT,
  description: '构图与配色与我 2023 年发表的原稿一致',
  ownWorkUrl: 'https://www.zcool.com.cn/work/abc.html',
  contact: '13712345678',
  viewerRole: 'admin',
  canAnswer: false,
  events: [
    {
      id: 1,
      actorRole: 'complainant',
      action: 'filed',
      text: '构图与配色与我 2023 年发表的原稿一致',
      createdAt: AT,
      files: [{ id: 9, name: '原稿.png', size: 2048, width: 800, height: 800, url: '/files/x' }],
    },
  ],
});

beforeEach(() => {
  state = 'pending';
  callApi.mockReset();
  callApi.mockImplementation(
    async (call: CallDef, input: { decision?: string; reason?: string }) => {
      if (call === getAdminComplaintList) {
        return mockCall(getAdminComplaintList, {
          list: [{ ...detail(), complainantName: '杭州织造厂', designerName: '林晓' }],
          total: 1,
        });
      }
      if (call === getComplaintReview) {
        return mockCall(getComplaintReview, {
          complaint: detail(),
          work: {
            id: 12,
            title: '缠枝牡丹',
            statusTitle: '已发布',
            designerName: '林晓',
            imageUrl: '/files/w',
          },
          matches: [
            {
              workId: 30,
              title: '牡丹花开',
              designerName: '苏绣坊',
              thumbUrl: '/files/t30',
              score: 1,
              exact: true,
            },
            {
              workId: 31,
              title: '折枝花卉',
              designerName: '青禾',
              thumbUrl: '/files/t31',
              score: 0.62,
              exact: false,
            },
          ],
          complainantName: '杭州织造厂',
        });
      }
      if (call === decideComplaint) {
        if (input.decision === 'dismiss' && !input.reason) {
          throw new ApiError(1022, '请填写理由，双方都会看到');
        }
        state = input.decision === 'takeDown' ? 'taken_down' : 'dismissed';
        return mockCall(decideComplaint, detail());
      }
      throw new Error(`unexpected ${call.name}`);
    },
  );
});

describe('ComplaintDesk (/admin/complaints 投诉处理)', () => {
  it('shows the complaint beside the work and its image-search matches, and takes the work down', async () => {
    const user = fastUser();
    renderWithApp(<ComplaintDesk />);
    expect(await screen.findByText('杭州织造厂')).toBeInTheDocument();
    await user.click(screen.getByText(/^处\s*理$/));
    const matches = await screen.findByLabelText('相似作品');
    expect(within(matches).getByText('《牡丹花开》')).toBeInTheDocument();
    expect(within(matches).getByText(/相似度 100%/)).toBeInTheDocument();
    expect(within(matches).getByText('同款')).toBeInTheDocument();
    expect(within(matches).getByText(/相似度 62%/)).toBeInTheDocument();
    expect(screen.getByText('投诉人：杭州织造厂')).toBeInTheDocument();
    expect(screen.getByAltText('原稿.png')).toBeInTheDocument();

    await user.click(screen.getByText('驳回投诉'));
    expect(await screen.findByText('请填写理由，双方都会看到')).toBeInTheDocument();

    await user.click(screen.getByText('下架作品'));
    expect(await screen.findByText('作品已下架，等待设计师申诉')).toBeInTheDocument();
    expect(requestsOf(callApi, decideComplaint)).toContainEqual({
      id: 3,
      decision: 'takeDown',
      reason: '',
    });
  });
});
