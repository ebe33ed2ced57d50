import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  getChannelsEdit,
  getCreationMarketTag,
  getDetailByEdit,
  perfectCreationPic,
  publishCreation,
  tagboxs,
} from '@shared/contract/publishing';
import { getHotTags } from '@shared/contract/word-search';
import type * as apiClient from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { readLocalDraft, writeLocalDraft } from '../lib/draft-storage';
import { DRAFT, FORM_OPTIONS } from '../test/form-options';
import { PublishWorkPage } from './publish-work-page';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef): Record<string, unknown>[] =>
  callApi.mock.calls
    .filter((args: unknown[]) => args[0] === call)
    .map((args: unknown[]) => args[1] as Record<string, unknown>);

let draft = DRAFT;

// jsdom's getComputedStyle is slow with antd's many style tags: skip the pointer-events check.
const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

// Role queries walk antd's whole tree in jsdom (seconds each): buttons are found by their text.
const button = (text: string): HTMLElement => {
  const found = screen.getByText(text).closest('button');
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

beforeEach(() => {
  localStorage.clear();
  draft = { ...DRAFT };
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getChannelsEdit) return mockCall(getChannelsEdit, FORM_OPTIONS);
    if (call === getHotTags) return mockCall(getHotTags, { list: [{ tag: '花卉', count: 3 }] });
    if (call === tagboxs) return mockCall(tagboxs, { list: [] });
    if (call === getCreationMarketTag)
      return mockCall(getCreationMarketTag, { groups: [{ title: '季节', tags: ['春夏'] }] });
    if (call === getDetailByEdit) return mockCall(getDetailByEdit, draft);
    if (call === perfectCreationPic) {
      draft = { ...draft, ...(typeof input.title === 'string' ? { title: input.title } : {}) };
      return mockCall(perfectCreationPic, { work: draft, created: false });
    }
    if (call === publishCreation)
      return mockCall(publishCreation, {
        results: [{ id: 7, ok: true, status: 'review', msg: '' }],
      });
    throw new Error(`unexpected call ${call.name}`);
  });
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PublishWorkPage', { timeout: 60_000 }, () => {
  it('keeps what is typed before a file is chosen, and restores it after a reload', async () => {
    const first = renderWithApp(<PublishWorkPage />, { initialEntries: ['/publishWork'] });
    const title = await screen.findByLabelText('作品标题');
    await user().type(title, '晨雾山茶');
    expect(readLocalDraft('new')?.values.title).toBe('晨雾山茶');
    expect(screen.getByText('已暂存在本机，上传图片后自动保存为草稿')).toBeInTheDocument();
    // The default prices of a category-exclusive work are filled in.
    expect(screen.getByLabelText('品类独家授权价格')).toHaveValue('199.00');
    first.unmount();

    renderWithApp(<PublishWorkPage />, { initialEntries: ['/publishWork'] });
    expect(await screen.findByLabelText('作品标题')).toHaveValue('晨雾山茶');
    expect(screen.getByText('已恢复本机未保存的内容')).toBeInTheDocument();
    expect(callsOf(perfectCreationPic)).toEqual([]);
  });

  it('saves a draft to the server after a pause, then sends it to review', async () => {
    renderWithApp(<PublishWorkPage />, { initialEntries: ['/publishWork?id=7'] });
    const title = await screen.findByLabelText('作品标题');
    expect(title).toHaveValue('青花缠枝莲');
    await user().type(title, '纹');
    // Kept locally at once, sent to the server after the pause.
    expect(readLocalDraft(7)).toMatchObject({ synced: false, values: { title: '青花缠枝莲纹' } });
    await waitFor(() => expect(callsOf(perfectCreationPic)).toHaveLength(1), { timeout: 3000 });
    expect(callsOf(perfectCreationPic)[0]).toMatchObject({
      id: 7,
      title: '青花缠枝莲纹',
      categoryKid: 101,
      style: 'floral',
      priceFen: 29_900,
      commercialPriceFen: 12_000,
    });
    expect(await screen.findByText(/草稿已自动保存/)).toBeInTheDocument();
    expect(readLocalDraft(7)?.synced).toBe(true);

    await user().click(button('提交审核'));
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();
    expect(callsOf(publishCreation)).toEqual([{ ids: [7] }]);
  });

  it('restores typing this browser has not saved yet over an older server draft', async () => {
    writeLocalDraft(7, {
      values: {
        ...DRAFT,
        title: '本机改过的标题',
        priceYuan: 299,
        commercialPriceYuan: 120,
      } as never,
      savedAt: Date.parse('2026-02-01T00:00:00.000Z'),
      synced: false,
    });
    renderWithApp(<PublishWorkPage />, { initialEntries: ['/publishWork?id=7'] });
    expect(await screen.findByLabelText('作品标题')).toHaveValue('本机改过的标题');
    expect(screen.getByText('已恢复本机未保存的内容')).toBeInTheDocument();
    await waitFor(() => expect(callsOf(perfectCreationPic)).toHaveLength(1), { timeout: 3000 });
    expect(callsOf(perfectCreationPic)[0]).toMatchObject({ id: 7, title: '本机改过的标题' });
  });

  it('names what is missing instead of sending an incomplete work', async () => {
    draft = { ...DRAFT, title: '未命名作品', categoryKid: null, style: '' };
    renderWithApp(<PublishWorkPage />, { initialEntries: ['/publishWork?id=7'] });
    await screen.findByLabelText('作品标题');
    await user().click(button('提交审核'));
    expect(await screen.findByText('请填写作品标题')).toBeInTheDocument();
    expect(screen.getByText('请选择品类')).toBeInTheDocument();
    expect(screen.getByText('请选择风格')).toBeInTheDocument();
    expect(callsOf(publishCreation)).toEqual([]);
  });
});
