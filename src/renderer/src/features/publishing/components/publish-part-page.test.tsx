import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  getCustomClassify,
  getMyCreations,
  updateSourceMaterialPrice,
} from '@shared/contract/publishing';
import { getMySeriesList } from '@shared/contract/series';
import { getHotTags } from '@shared/contract/word-search';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { COUNTS, myWork } from '../test/my-works';
import { PublishPartPage } from './publish-part-page';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);
const user = fastUser;

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getMySeriesList)
      return mockCall(getMySeriesList, [
        { id: 3, title: '青花系列', description: '', workCount: 4, publishedCount: 2 },
      ]);
    if (call === getCustomClassify)
      return mockCall(getCustomClassify, [{ id: 5, name: '春夏', sort: 1, workCount: 1 }]);
    if (call === getMyCreations) {
      if (input.headerType === 4)
        return mockCall(getMyCreations, {
          list: [myWork(8, { title: '水彩素材', headerType: 4 })],
          total: 1,
          counts: COUNTS,
        });
      const inSpring = input.classifyId === 5;
      return mockCall(getMyCreations, {
        list: [myWork(inSpring ? 2 : 1, { title: inSpring ? '春日碎花' : '回纹几何' })],
        total: 1,
        counts: COUNTS,
      });
    }
    if (call === updateSourceMaterialPrice)
      return mockCall(updateSourceMaterialPrice, { updated: 1 });
    if (call === getHotTags)
      return mockCall(getHotTags, {
        list: [
          { tag: '青花', count: 12 },
          { tag: '碎花', count: 8 },
        ],
      });
    throw new Error(`unexpected call ${call.name}`);
  });
});

const renderPart = (part: string) =>
  renderWithApp(<PublishPartPage part={part} />, {
    initialEntries: [`/publishWork/conponents/${part}`],
  });

describe('PublishPartPage', () => {
  it('series: manages my series on a page of its own', async () => {
    renderPart('series');
    expect(screen.getByRole('heading', { name: '管理系列' })).toBeInTheDocument();
    expect(await screen.findByText('青花系列')).toBeInTheDocument();
    expect(screen.getByText('新建系列')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '发布工具' });
    expect(within(nav).getByText('管理系列')).toHaveClass('active');
    expect(within(nav).getByText('热门标签')).toHaveAttribute(
      'href',
      '/publishWork/conponents/tags',
    );
  });

  it('classify: shows my classifications beside the works in the chosen one', async () => {
    renderPart('classify');
    expect(screen.getByRole('heading', { name: '自定义分类' })).toBeInTheDocument();
    const panel = screen.getByRole('navigation', { name: '自定义分类' });
    expect(await screen.findByText('回纹几何')).toBeInTheDocument();
    expect(within(panel).getByText('全部作品')).toHaveTextContent(String(COUNTS.all));
    expect(within(panel).getByLabelText('新建分类')).toBeInTheDocument();
    await user().click(await within(panel).findByText('春夏'));
    expect(await screen.findByText('春日碎花')).toBeInTheDocument();
    expect(callsOf(getMyCreations)).toContainEqual({ pageIndex: 1, pageSize: 20, classifyId: 5 });
  });

  it('price: sets the material price of my material works', async () => {
    renderPart('price');
    expect(screen.getByRole('heading', { name: '素材价格' })).toBeInTheDocument();
    expect(screen.queryByText('返回作品管理')).not.toBeInTheDocument();
    expect(await screen.findByText('水彩素材')).toBeInTheDocument();
    expect(callsOf(getMyCreations)).toEqual([{ pageIndex: 1, pageSize: 20, headerType: 4 }]);
    await user().type(screen.getByLabelText('水彩素材 的新价格'), '39{Enter}');
    await waitFor(() =>
      expect(callsOf(updateSourceMaterialPrice)).toEqual([{ ids: [8], priceFen: 3900 }]),
    );
    expect(screen.getByText(/品类独家与商用授权的价格在作品的编辑页设置/)).toBeInTheDocument();
  });

  it('tags: lists the hot tags, each opening the works that carry it', async () => {
    renderPart('tags');
    expect(screen.getByRole('heading', { name: '热门标签' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: '热门标签' });
    expect(within(list).getByText('青花')).toHaveAttribute(
      'href',
      `/search/wordSearch?keyword=${encodeURIComponent('青花')}`,
    );
    expect(within(list).getByText('12 件作品')).toBeInTheDocument();
    expect(callsOf(getHotTags)).toEqual([{ limit: 50 }]);
  });

  it('shows the 404 page for a part that does not exist', () => {
    renderPart('upload-everything');
    expect(screen.getByTestId('not-found-page')).toBeInTheDocument();
    expect(callApi).not.toHaveBeenCalled();
  });
});
