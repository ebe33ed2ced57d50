import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  deleteNewProduct,
  generateNewProduct,
  getMyNewProducts,
  getNewProductSource,
  getNewProductTemplates,
} from '@shared/contract/new-products';
import type { NewProduct } from '@shared/contract/new-products';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { useSessionStore } from '../../../stores/session-store';
import { MyNewProductsPage } from './my-new-products-page';
import { NewProductDesignPage } from './new-product-design-page';
import { PushBeforeBuyPage } from './push-before-buy-page';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const templates = mockCall(getNewProductTemplates, [
  {
    id: 'tshirt',
    title: 'T恤',
    shape: 'M380 110 L620 110 L760 900 L240 900 Z',
    underlay: [],
    details: [],
    backdrop: '#eceae6',
  },
  {
    id: 'pillow',
    title: '抱枕',
    shape: 'M130 135 L870 135 L870 870 L130 870 Z',
    underlay: [],
    details: [{ d: 'M130 135 L870 135', fill: 'none', stroke: '#000', width: 3 }],
    backdrop: '#e6e1da',
  },
]);

const product = (over: Partial<NewProduct> = {}): NewProduct => ({
  id: 5,
  title: '缠枝牡丹 · 抱枕',
  templateId: 'pillow',
  templateTitle: '抱枕',
  settings: { templateId: 'pillow', scale: 30, rotation: 15, offsetX: 10, offsetY: 0 },
  source: { kind: 'work', workId: 12, workTitle: '缠枝牡丹', fileKey: null },
  imageUrl: '/files/private/new-products/1/a/preview.jpg?expires=1&signature=x',
  downloadUrl: '/files/private/new-products/1/a/preview.jpg?expires=1&signature=x&name=a.jpg',
  watermarked: true,
  licensed: false,
  licence: { minPriceFen: 19_900, orderType: 'material', onSale: true },
  createdAt: '2026-11-24T03:00:00.000Z',
  ...over,
});

beforeEach(() => {
  callApi.mockReset();
  useSessionStore.getState().markSignedIn();
});

describe('/design/index 新品生成', () => {
  beforeEach(() => {
    callApi.mockImplementation(async (call: CallDef) => {
      if (call === getNewProductTemplates) return templates;
      if (call === getNewProductSource) {
        return mockCall(getNewProductSource, {
          kind: 'work',
          workId: 12,
          fileKey: null,
          title: '缠枝牡丹',
          imageUrl: '/files/public/works/12/preview-800.webp',
          width: 800,
          height: 800,
          licensed: false,
        });
      }
      if (call === generateNewProduct) return mockCall(generateNewProduct, product());
      throw new Error(`unexpected ${call.name}`);
    });
  });

  it('previews the work from the address on the chosen product and generates it once', async () => {
    const u = fastUser();
    renderWithApp(<NewProductDesignPage />, {
      initialEntries: ['/design/index?workId=12&template=pillow&scale=30'],
    });
    expect(await screen.findByText('缠枝牡丹')).toBeInTheDocument();
    expect(screen.getByText(/未授权：生成图带「纹样预览」水印/)).toBeInTheDocument();
    const preview = await screen.findByLabelText('抱枕效果预览');
    const tile = preview.querySelector('pattern');
    expect(tile?.getAttribute('width')).toBe('300');
    expect(requestsOf(callApi, getNewProductSource)).toEqual([{ workId: 12 }]);

    await u.click(screen.getByText('T恤'));
    expect(await screen.findByLabelText('T恤效果预览')).toBeInTheDocument();
    const go = screen.getByText(/^生\s*成$/);
    await u.dblClick(go);
    expect(await screen.findByText('已生成：缠枝牡丹 · 抱枕')).toBeInTheDocument();
    const sent = requestsOf(callApi, generateNewProduct) as { idemKey: string }[];
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((s) => s.idemKey)).size).toBe(1);
    expect(sent[0]).toMatchObject({
      source: { workId: 12 },
      templateId: 'tshirt',
      scale: 30,
      rotation: 0,
      offsetX: 0,
      offsetY: 0,
    });
    expect(screen.getByText('查看我的新品').closest('a')).toHaveAttribute(
      'href',
      '/user/myTemplate',
    );
  });

  it('asks a guest to sign in instead of generating', async () => {
    useSessionStore.getState().clear();
    const u = fastUser();
    renderWithApp(<NewProductDesignPage />, { initialEntries: ['/design/index?workId=12'] });
    expect(await screen.findByText('登录后即可选择花型并生成新品')).toBeInTheDocument();
    await u.click(screen.getByText(/^生\s*成$/));
    expect(useSessionStore.getState().loginDialogOpen).toBe(true);
    expect(requestsOf(callApi, generateNewProduct)).toEqual([]);
    expect(requestsOf(callApi, getNewProductSource)).toEqual([]);
  });
});

describe('/user/myTemplate 我的新品', () => {
  it('lists my 新品, reopens one in 新品生成 and deletes one after confirming', async () => {
    let items = [product(), product({ id: 6, title: '我的花型 · T恤', watermarked: false })];
    callApi.mockImplementation(async (call: CallDef) => {
      if (call === getMyNewProducts) {
        return mockCall(getMyNewProducts, { list: items, total: items.length });
      }
      if (call === deleteNewProduct) {
        items = items.filter((p) => p.id !== 5);
        return mockCall(deleteNewProduct, { deleted: true });
      }
      throw new Error(`unexpected ${call.name}`);
    });
    const u = fastUser();
    renderWithApp(<MyNewProductsPage />, { initialEntries: ['/user/myTemplate'] });
    const card = (await screen.findByText('缠枝牡丹 · 抱枕')).closest('li')!;
    expect(within(card).getByText('缠枝牡丹').closest('a')).toHaveAttribute(
      'href',
      '/work/detail?id=12',
    );
    expect(within(card).getByText('下载预览图').closest('a')).toHaveAttribute('download');
    expect(screen.getByText('下载').closest('a')).toHaveAttribute('download');

    await u.click(within(card).getByText(/^删\s*除$/));
    expect(await screen.findByText('删除后图片不可恢复')).toBeInTheDocument();
    const confirm = screen.getAllByText(/^删\s*除$/);
    await u.click(confirm[confirm.length - 1]!);
    await waitFor(() => expect(requestsOf(callApi, deleteNewProduct)).toEqual([{ id: 5 }]));
    await waitFor(() => expect(screen.queryByText('缠枝牡丹 · 抱枕')).not.toBeInTheDocument());

    await u.click(screen.getByText('再次生成'));
    expect(screen.getByTestId('location').textContent).toBe(
      '/design/index?workId=12&template=pillow&scale=30&rotation=15&offsetX=10&offsetY=0',
    );
  });

  it('shows the way to 新品生成 when there is none', async () => {
    callApi.mockImplementation(async (call: CallDef) => {
      if (call === getMyNewProducts) return mockCall(getMyNewProducts, { list: [], total: 0 });
      throw new Error(`unexpected ${call.name}`);
    });
    renderWithApp(<MyNewProductsPage />, { initialEntries: ['/user/myTemplate'] });
    expect(await screen.findByText('还没有新品')).toBeInTheDocument();
    expect(screen.getAllByText('去生成新品')[0]!.closest('a')).toHaveAttribute(
      'href',
      '/design/index',
    );
  });
});

describe('/design/work/PushBeforeBuy 先推后买', () => {
  it('prices the unlicensed ones with a way to buy, and offers the clean file once licensed', async () => {
    callApi.mockImplementation(async (call: CallDef, input: { pushBeforeBuy?: boolean }) => {
      if (call === getMyNewProducts) {
        expect(input.pushBeforeBuy).toBe(true);
        return mockCall(getMyNewProducts, {
          list: [
            product(),
            product({
              id: 7,
              title: '回纹 · 丝巾',
              source: { kind: 'work', workId: 30, workTitle: '回纹', fileKey: null },
              watermarked: false,
              licensed: true,
            }),
          ],
          total: 2,
        });
      }
      throw new Error(`unexpected ${call.name}`);
    });
    const u = fastUser();
    renderWithApp(<PushBeforeBuyPage />, { initialEntries: ['/design/work/PushBeforeBuy'] });
    expect(await screen.findByText(/先用带水印的新品图试推/)).toBeInTheDocument();
    const open = (await screen.findByText('缠枝牡丹 · 抱枕')).closest('li')!;
    expect(within(open).getByText('授权 ¥199 起')).toBeInTheDocument();
    const licensed = screen.getByText('回纹 · 丝巾').closest('li')!;
    expect(within(licensed).getByText('已授权')).toBeInTheDocument();
    expect(within(licensed).getByText('下载无水印图').closest('a')).toHaveAttribute('download');
    await u.click(within(open).getByText('购买授权'));
    expect(screen.getByTestId('location').textContent).toBe('/materialOrder?creationId=12');
  });
});
