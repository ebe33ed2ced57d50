import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupBrief } from '@shared/contract/collections';
import {
  addOrCancelCollection,
  addOrEditCollectionGroup,
  getAllCollectionGroup,
} from '@shared/contract/collections';
import type { CallDef } from '@shared/contract/define';
import type * as apiClient from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { CollectDialog } from './collect-dialog';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

let groups: GroupBrief[];

beforeEach(() => {
  groups = [{ id: 1, name: '春季灵感', workCount: 3 }];
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getAllCollectionGroup) return mockCall(getAllCollectionGroup, groups);
    if (call === addOrEditCollectionGroup) {
      const group = { id: 2, name: String(input.name), workCount: 0 };
      groups = [group, ...groups];
      return mockCall(addOrEditCollectionGroup, group);
    }
    if (call === addOrCancelCollection) {
      return mockCall(addOrCancelCollection, {
        isCollected: input.collect === true,
        groupId: typeof input.groupId === 'number' ? input.groupId : null,
        favouriteCount: 9,
      });
    }
    throw new Error(`unexpected call ${call.name}`);
  });
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderDialog(props: { isCollected?: boolean; currentGroupId?: number | null } = {}) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderWithApp(
    <CollectDialog
      workId={7}
      open
      isCollected={props.isCollected ?? false}
      currentGroupId={props.currentGroupId ?? null}
      onClose={onClose}
      onChanged={onChanged}
    />,
  );
  return { dialog: screen.getByRole('dialog', { name: '收藏到分组' }), onClose, onChanged };
}

const callsOf = (call: CallDef): unknown[] =>
  callApi.mock.calls
    .filter((args: unknown[]) => args[0] === call)
    .map((args: unknown[]) => args[1]);

describe('CollectDialog', () => {
  it('creates a group on the spot and collects the work into it', async () => {
    const { dialog, onClose, onChanged } = renderDialog();
    const d = within(dialog);
    expect(await d.findByRole('radio', { name: /春季灵感/ })).not.toBeChecked();
    expect(d.getByRole('radio', { name: /不分组/ })).toBeChecked();

    await userEvent.type(d.getByRole('textbox', { name: '新建分组名称' }), '客户提案');
    await userEvent.click(d.getByRole('button', { name: /新建分组/ }));
    expect(callsOf(addOrEditCollectionGroup)).toEqual([{ name: '客户提案' }]);
    expect(await d.findByRole('radio', { name: /客户提案/ })).toBeChecked();

    await userEvent.click(d.getByRole('button', { name: '确定收藏' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsOf(addOrCancelCollection)).toEqual([{ workId: 7, collect: true, groupId: 2 }]);
    expect(onChanged).toHaveBeenCalledWith({ isCollected: true, groupId: 2, favouriteCount: 9 });
    expect(await screen.findByText('已收藏到「客户提案」')).toBeInTheDocument();
  });

  it('asks for a name instead of creating a nameless group', async () => {
    const { dialog } = renderDialog();
    const d = within(dialog);
    await d.findByRole('radio', { name: /春季灵感/ });
    await userEvent.type(d.getByRole('textbox', { name: '新建分组名称' }), '   ');
    await userEvent.click(d.getByRole('button', { name: /新建分组/ }));
    expect(await screen.findByText('请输入分组名称')).toBeInTheDocument();
    expect(callsOf(addOrEditCollectionGroup)).toEqual([]);
  });

  it('collects into no group when none is chosen', async () => {
    const first = renderDialog();
    await within(first.dialog).findByRole('radio', { name: /春季灵感/ });
    await userEvent.click(within(first.dialog).getByRole('button', { name: '确定收藏' }));
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(callsOf(addOrCancelCollection)).toEqual([{ workId: 7, collect: true, groupId: null }]);
  });

  it('shows the current group of a collected work and can cancel the collection', async () => {
    const { dialog, onClose } = renderDialog({ isCollected: true, currentGroupId: 1 });
    const d = within(dialog);
    expect(await d.findByRole('radio', { name: /春季灵感/ })).toBeChecked();
    await userEvent.click(d.getByRole('button', { name: '取消收藏' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsOf(addOrCancelCollection)).toEqual([{ workId: 7, collect: false }]);
  });
});
