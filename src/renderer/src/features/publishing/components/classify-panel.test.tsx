import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  deleteCustomClassify,
  getCustomClassify,
  insertUpdateCustomClassify,
  sortCustomClassify,
} from '@shared/contract/publishing';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { ClassifyPanel, moveBefore } from './classify-panel';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);
const user = fastUser;

const CLASSIFY = [
  { id: 1, name: '春夏', sort: 1, workCount: 4 },
  { id: 2, name: '秋冬', sort: 2, workCount: 2 },
  { id: 3, name: '童装', sort: 3, workCount: 0 },
];

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { name?: string }) => {
    if (call === getCustomClassify) return mockCall(getCustomClassify, CLASSIFY);
    if (call === insertUpdateCustomClassify)
      return mockCall(insertUpdateCustomClassify, {
        id: 9,
        name: input.name ?? '',
        sort: 9,
        workCount: 0,
      });
    if (call === deleteCustomClassify) return mockCall(deleteCustomClassify, { deleted: true });
    if (call === sortCustomClassify) return mockCall(sortCustomClassify, CLASSIFY);
    throw new Error(`unexpected call ${call.name}`);
  });
});

function renderPanel(selected: number | null = null) {
  const onSelect = vi.fn();
  renderWithApp(<ClassifyPanel selected={selected} onSelect={onSelect} total={6} />);
  return { onSelect };
}

describe('moveBefore', () => {
  it('drops after the target when dragging down and before it when dragging up', () => {
    expect(moveBefore([1, 2, 3], 1, 3)).toEqual([2, 3, 1]);
    expect(moveBefore([1, 2, 3], 3, 1)).toEqual([3, 1, 2]);
    expect(moveBefore([1, 2, 3], 1, 9)).toEqual([1, 2, 3]);
  });
});

describe('ClassifyPanel', () => {
  it('lists all works, the unclassified ones and each classification with its count', async () => {
    const { onSelect } = renderPanel();
    const nav = screen.getByRole('navigation', { name: '自定义分类' });
    expect(await within(nav).findByText('春夏')).toBeInTheDocument();
    expect(within(nav).getByText('全部作品')).toHaveTextContent('6');
    await user().click(within(nav).getByText('秋冬'));
    expect(onSelect).toHaveBeenLastCalledWith(2);
    await user().click(within(nav).getByText('未分类'));
    expect(onSelect).toHaveBeenLastCalledWith(0);
    await user().click(within(nav).getByText('全部作品'));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('creates a classification by name and refuses an empty one', async () => {
    renderPanel();
    await screen.findByText('春夏');
    await user().click(screen.getByLabelText('新建分类'));
    const input = await screen.findByLabelText('分类名称');
    await user().click(screen.getByText('确 定'));
    expect(await screen.findByText('请输入分类名称')).toBeInTheDocument();
    expect(callsOf(insertUpdateCustomClassify)).toEqual([]);
    await user().type(input, ' 印花 ');
    await user().click(screen.getByText('确 定'));
    await waitFor(() => expect(callsOf(insertUpdateCustomClassify)).toEqual([{ name: '印花' }]));
  });

  it('renames a classification in place', async () => {
    renderPanel();
    await screen.findByText('春夏');
    await user().click(screen.getByLabelText('重命名 秋冬'));
    const input = await screen.findByLabelText('分类名称');
    expect(input).toHaveValue('秋冬');
    await user().clear(input);
    await user().type(input, '秋冬新款{Enter}');
    await waitFor(() =>
      expect(callsOf(insertUpdateCustomClassify)).toEqual([{ id: 2, name: '秋冬新款' }]),
    );
  });

  it('deletes a classification after confirming, and shows all works when it was selected', async () => {
    const { onSelect } = renderPanel(3);
    await screen.findByText('春夏');
    await user().click(screen.getByLabelText('删除 童装'));
    expect((await screen.findAllByText('删除分类“童装”？')).length).toBeGreaterThan(0);
    expect(screen.getByText('分类中的作品不会被删除。')).toBeInTheDocument();
    await user().click(screen.getByText('确 定'));
    await waitFor(() => expect(callsOf(deleteCustomClassify)).toEqual([{ id: 3 }]));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(null));
  });

  it('saves the new order after a drag', async () => {
    renderPanel();
    await screen.findByText('春夏');
    const first = screen.getByRole('listitem', { name: '春夏' });
    const last = screen.getByRole('listitem', { name: '童装' });
    fireEvent.dragStart(first, { dataTransfer: { effectAllowed: '' } });
    fireEvent.dragOver(last);
    fireEvent.drop(last);
    await waitFor(() => expect(callsOf(sortCustomClassify)).toEqual([{ ids: [2, 3, 1] }]));
  });
});
