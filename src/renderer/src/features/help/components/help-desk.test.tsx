import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  getHelpArticleSource,
  getHelpTree,
  moveHelpItem,
  previewHelpMarkdown,
  saveHelpArticle,
  saveHelpCategory,
  setHelpPublished,
} from '@shared/contract/help';
import type { HelpAdminCategory } from '@shared/contract/help';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { HelpDesk } from './help-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const at = '2026-01-05T02:00:00.000Z';
let tree: HelpAdminCategory[];

beforeEach(() => {
  tree = [
    {
      id: 1,
      alias: 'payment',
      title: '支付与发票',
      published: true,
      articles: [
        { id: 5, title: '如何申请发票', published: true, updatedAt: at },
        { id: 6, title: '对公转账怎么付款', published: false, updatedAt: at },
      ],
    },
  ];
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getHelpTree) return mockCall(getHelpTree, tree);
    if (call === getHelpArticleSource) {
      return mockCall(getHelpArticleSource, {
        id: 5,
        categoryId: 1,
        title: '如何申请发票',
        markdown: '## 开票\n\n已支付的订单可以申请增值税发票。',
        published: true,
      });
    }
    if (call === saveHelpArticle) return mockCall(saveHelpArticle, { id: 5 });
    if (call === saveHelpCategory) {
      if (input.alias === 'payment')
        throw new ApiError(1009, '分类别名“payment”已被使用，请换一个');
      return mockCall(saveHelpCategory, { id: 2 });
    }
    if (call === setHelpPublished) {
      return mockCall(setHelpPublished, { published: Boolean(input.published) });
    }
    if (call === moveHelpItem) return mockCall(moveHelpItem, { moved: true });
    if (call === previewHelpMarkdown) {
      return mockCall(previewHelpMarkdown, { html: '<h2>开票</h2><p>已支付的订单</p>' });
    }
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('HelpDesk (/admin/help 帮助管理)', () => {
  it('edits an article, previews it as readers will see it and saves it', async () => {
    const user = fastUser();
    renderWithApp(<HelpDesk />);
    await user.click(
      await screen.findByRole('button', { name: '如何申请发票' }, { timeout: 5000 }),
    );
    const body = await screen.findByLabelText('文章正文');
    expect(body).toHaveValue('## 开票\n\n已支付的订单可以申请增值税发票。');
    await user.click(screen.getByRole('button', { name: /^预\s*览$/ }));
    const preview = await screen.findByRole('region', { name: '预览' });
    expect(within(preview).getByRole('heading', { name: '开票' })).toBeInTheDocument();

    await user.clear(body);
    await user.click(body);
    await user.paste('太短');
    await user.click(screen.getByRole('button', { name: '保存文章' }));
    expect(await screen.findByText('文章正文过短，至少需要 10 个字')).toBeInTheDocument();
    expect(requestsOf(callApi, saveHelpArticle)).toEqual([]);

    await user.click(body);
    await user.paste('，已支付的订单可以申请增值税发票');
    await user.click(screen.getByRole('button', { name: '保存文章' }));
    await waitFor(() =>
      expect(requestsOf(callApi, saveHelpArticle)).toEqual([
        {
          id: 5,
          categoryId: 1,
          title: '如何申请发票',
          markdown: '太短，已支付的订单可以申请增值税发票',
        },
      ]),
    );
  });

  it('publishes, hides and reorders articles', async () => {
    const user = fastUser();
    renderWithApp(<HelpDesk />);
    await screen.findByRole('button', { name: '如何申请发票' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: '发布 对公转账怎么付款' }));
    await user.click(screen.getByRole('button', { name: '上移 对公转账怎么付款' }));
    await waitFor(() =>
      expect(requestsOf(callApi, moveHelpItem)).toEqual([
        { kind: 'article', id: 6, direction: 'up' },
      ]),
    );
    expect(requestsOf(callApi, setHelpPublished)).toEqual([
      { kind: 'article', id: 6, published: true },
    ]);
    // The first article cannot move further up.
    expect(screen.getByRole('button', { name: '上移 如何申请发票' })).toBeDisabled();
  });

  it("creates a category and shows the server's refusal", async () => {
    const user = fastUser();
    renderWithApp(<HelpDesk />);
    await user.click(screen.getByRole('button', { name: '新建分类' }));
    await user.click(screen.getByLabelText('分类名称'));
    await user.paste('退款与售后');
    await user.click(screen.getByLabelText('分类别名'));
    await user.paste('Refunds');
    await user.click(screen.getByRole('button', { name: '保存分类' }));
    expect(
      await screen.findByText('分类别名须以小写字母开头，由 2-32 位小写字母、数字或连字符组成'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('分类别名'));
    await user.click(screen.getByLabelText('分类别名'));
    await user.paste('payment');
    await user.click(screen.getByRole('button', { name: '保存分类' }));
    expect(await screen.findByText('分类别名“payment”已被使用，请换一个')).toBeInTheDocument();
    expect(requestsOf(callApi, saveHelpCategory)).toEqual([
      { audience: 'buyer', alias: 'payment', title: '退款与售后' },
    ]);
  });
});
