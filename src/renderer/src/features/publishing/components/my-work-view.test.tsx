import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef, CallResponse } from '@shared/contract/define';
import { getCustomClassify, getMyCreations } from '@shared/contract/publishing';
import { getMySeriesList } from '@shared/contract/series';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { COUNTS, myWork } from '../test/my-works';
import { MyWorkView } from './my-work-view';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);
const user = fastUser;

let works: () => Promise<CallResponse<typeof getMyCreations>>;

beforeEach(() => {
  callApi.mockReset();
  works = async () => ({ list: [myWork(1, { title: '青花缠枝' })], total: 45, counts: COUNTS });
  callApi.mockImplementation(async (call: CallDef) => {
    if (call === getMyCreations) return mockCall(getMyCreations, await works());
    if (call === getMySeriesList) return mockCall(getMySeriesList, []);
    if (call === getCustomClassify) return mockCall(getCustomClassify, []);
    throw new Error(`unexpected call ${call.name}`);
  });
});

afterEach(() => vi.restoreAllMocks());

describe('MyWorkView', () => {
  it('lists my works of the tab with the counts per state, and pages through them', async () => {
    renderWithApp(<MyWorkView activeIndex={1} />);
    expect(await screen.findByText('青花缠枝')).toBeInTheDocument();
    expect(screen.getByText('审核中 2')).toBeInTheDocument();
    expect(callsOf(getMyCreations)[0]).toEqual({ pageIndex: 1, pageSize: 20, tab: 'review' });
    await user().click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(callsOf(getMyCreations)).toContainEqual({ pageIndex: 2, pageSize: 20, tab: 'review' }),
    );
  });

  it('invites a designer without works to publish one', async () => {
    works = async () => ({ list: [], total: 0, counts: { ...COUNTS, all: 0 } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithApp(<MyWorkView activeIndex={0} />);
    expect(await screen.findByText('这里还没有作品')).toBeInTheDocument();
    await user().click(screen.getByText('发布作品', { selector: '.ant-empty *' }));
    expect(open).toHaveBeenCalledWith('/publishWork', '_blank', 'noopener');
  });

  it('says why the works could not be loaded and retries', async () => {
    works = async () => {
      throw new Error('服务暂不可用');
    };
    renderWithApp(<MyWorkView activeIndex={0} />);
    expect(await screen.findByText('服务暂不可用')).toBeInTheDocument();
    expect(screen.getByText('作品加载失败')).toBeInTheDocument();
    works = async () => ({ list: [myWork(2, { title: '回纹' })], total: 1, counts: COUNTS });
    await user().click(screen.getByText('重 试'));
    expect(await screen.findByText('回纹')).toBeInTheDocument();
  });
});
