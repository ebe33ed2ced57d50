import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  getDesignHelpInfo,
  getDesignHelpList,
  getHelpInfo,
  getHelpList,
} from '@shared/contract/help';
import type { HelpAudience, HelpList } from '@shared/contract/help';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { HelpCentrePage } from './help-centre-page';
import { HelpNav } from './help-nav';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const BUYER_LIST: HelpList = {
  categories: [
    {
      alias: 'licensing',
      title: '授权与许可',
      articles: [
        { id: 1, title: '纹样授权是怎么运作的' },
        { id: 2, title: '素材授权与品类独家授权有什么区别' },
      ],
    },
    { alias: 'payment', title: '支付与发票', articles: [{ id: 5, title: '如何申请发票' }] },
  ],
  hits: [],
};
const DESIGNER_LIST: HelpList = {
  categories: [
    {
      alias: 'upload',
      title: '上传与发布',
      articles: [
        { id: 11, title: '上传作品并发布' },
        { id: 12, title: '用桌面客户端上传整个文件夹' },
      ],
    },
  ],
  hits: [],
};
const article = (id: number, title: string, alias: string, categoryTitle: string) => ({
  id,
  title,
  categoryAlias: alias,
  categoryTitle,
  html: `<h2>${title}的要点</h2><p>正文</p>`,
  updatedAt: '2026-01-05T02:00:00.000Z',
});

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { keyword?: string; id?: number }) => {
    if (call === getHelpList) {
      if (input.keyword === '税号') {
        return mockCall(getHelpList, {
          ...BUYER_LIST,
          hits: [
            {
              id: 5,
              title: '如何申请发票',
              categoryAlias: 'payment',
              categoryTitle: '支付与发票',
              excerpt: '…企业需填写公司名称和 15-20 位纳税人识别号（税号）…',
            },
          ],
        });
      }
      return mockCall(getHelpList, BUYER_LIST);
    }
    if (call === getDesignHelpList) return mockCall(getDesignHelpList, DESIGNER_LIST);
    if (call === getHelpInfo) {
      if (input.id === 1)
        return mockCall(getHelpInfo, article(1, '纹样授权是怎么运作的', 'licensing', '授权与许可'));
      if (input.id === 5)
        return mockCall(getHelpInfo, article(5, '如何申请发票', 'payment', '支付与发票'));
      throw new ApiError(1004, '帮助文章不存在或已下线，请从左侧目录中选择');
    }
    if (call === getDesignHelpInfo) {
      return mockCall(
        getDesignHelpInfo,
        article(
          input.id ?? 11,
          input.id === 12 ? '用桌面客户端上传整个文件夹' : '上传作品并发布',
          'upload',
          '上传与发布',
        ),
      );
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

/** The help routes as the app wires them: the layout's nav beside the page. */
function renderHelp(path: string) {
  const page = (audience: HelpAudience) => (
    <>
      <HelpNav audience={audience} />
      <HelpCentrePage audience={audience} />
    </>
  );
  return renderWithApp(
    <Routes>
      <Route path="/help" element={page('buyer')} />
      <Route path="/help/:active/:page" element={page('buyer')} />
      <Route path="/helpCenter" element={page('designer')} />
      <Route path="/helpCenter/:active" element={page('designer')} />
      <Route path="*" element={null} />
    </Routes>,
    { initialEntries: [path] },
  );
}

describe('help centre pages', () => {
  it('lists the categories in the left navigation and opens an article from it', async () => {
    const user = fastUser();
    renderHelp('/help');
    const nav = screen.getByRole('navigation', { name: '帮助目录' });
    const link = await within(nav).findByRole('link', { name: '如何申请发票' });
    expect(link).toHaveAttribute('href', '/help/payment/5');
    expect(within(nav).getByRole('link', { name: '版权声明' })).toHaveAttribute(
      'href',
      '/help/bqshengming/1',
    );
    // The home page shows every category's contents too.
    expect(screen.getByRole('heading', { level: 2, name: '授权与许可' })).toBeInTheDocument();

    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/help/payment/5');
    expect(
      await screen.findByRole('heading', { level: 2, name: '如何申请发票' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '如何申请发票的要点' })).toBeInTheDocument();
    expect(screen.getByText('更新于 2026年1月5日')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '如何申请发票' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(requestsOf(callApi, getHelpInfo)).toEqual([{ id: 5 }]);
  });

  it('searches by words and links each hit to its article', async () => {
    const user = fastUser();
    renderHelp('/help');
    await user.type(screen.getByRole('searchbox', { name: '搜索帮助' }), '税号{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/help?keyword=%E7%A8%8E%E5%8F%B7');
    const results = await screen.findByRole('region', { name: '搜索结果' });
    expect(within(results).getByText('找到 1 篇与“税号”相关的文章')).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: '如何申请发票' })).toHaveAttribute(
      'href',
      '/help/payment/5',
    );
    expect(within(results).getByText(/纳税人识别号/)).toBeInTheDocument();
    expect(requestsOf(callApi, getHelpList)).toContainEqual({ keyword: '税号' });
  });

  it('says so when a search finds nothing', async () => {
    renderHelp('/help?keyword=退货');
    expect(
      await screen.findByText('没有找到与“退货”相关的文章，换个词试试，或拨打客服热线咨询'),
    ).toBeInTheDocument();
  });

  it('opens a designer category at its first article, and another by ?id=', async () => {
    const { unmount } = renderHelp('/helpCenter/upload');
    expect(
      await screen.findByRole('heading', { level: 2, name: '上传作品并发布' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '帮助目录' });
    expect(within(nav).getByRole('link', { name: '用桌面客户端上传整个文件夹' })).toHaveAttribute(
      'href',
      '/helpCenter/upload?id=12',
    );
    expect(within(nav).getByRole('link', { name: '上传作品并发布' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    unmount();
    renderHelp('/helpCenter/upload?id=12');
    expect(
      await screen.findByRole('heading', { level: 2, name: '用桌面客户端上传整个文件夹' }),
    ).toBeInTheDocument();
    expect(requestsOf(callApi, getDesignHelpInfo)).toContainEqual({ id: 12 });
  });

  it("names a missing article with the server's message and links back", async () => {
    renderHelp('/help/licensing/99');
    expect(
      await screen.findByText('帮助文章不存在或已下线，请从左侧目录中选择'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回帮助中心' })).toHaveAttribute('href', '/help');
  });

  it('tells an unknown designer category apart', async () => {
    renderHelp('/helpCenter/nothing');
    expect(await screen.findByText('这个帮助分类不存在或已下线')).toBeInTheDocument();
  });
});
