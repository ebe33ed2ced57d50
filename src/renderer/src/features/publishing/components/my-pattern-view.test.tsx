import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import type { PatternFile } from '@shared/contract/patterns';
import {
  deletePatternGroup,
  getPatternGroups,
  getSubmitCreationPic,
  savePatternGroup,
  setPatternGroup,
} from '@shared/contract/patterns';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { renderWithApp } from '../../../test/render-with-app';
import { MyPatternView } from './my-pattern-view';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const callsOf = (call: CallDef) => requestsOf(callApi, call);
const user = fastUser;

const file = (id: number, patch: Partial<PatternFile> = {}): PatternFile => ({
  id,
  fileKey: `private/uploads/${id}.png`,
  thumbUrl: '',
  width: 1200,
  height: 1200,
  size: 1000,
  format: 'png',
  createdAt: '2024-05-01T00:00:00Z',
  groupId: null,
  workId: null,
  workStatus: null,
  ...patch,
});

const GROUPS = {
  groups: [
    { id: 5, name: '碎花', fileCount: 3 },
    { id: 6, name: '格纹', fileCount: 1 },
  ],
  ungrouped: 2,
};

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: { name?: string }) => {
    if (call === getPatternGroups) return mockCall(getPatternGroups, GROUPS);
    if (call === getSubmitCreationPic)
      return mockCall(getSubmitCreationPic, {
        list: [file(11), file(12, { workId: 70, workStatus: 'review' })],
        total: 2,
      });
    if (call === savePatternGroup)
      return mockCall(savePatternGroup, { id: 8, name: input.name ?? '', fileCount: 0 });
    if (call === deletePatternGroup) return mockCall(deletePatternGroup, { deleted: true });
    if (call === setPatternGroup) return mockCall(setPatternGroup, { updated: 1 });
    throw new Error(`unexpected call ${call.name}`);
  });
});

describe('MyPatternView', () => {
  it('lists the groups with counts and filters the files by the chosen group', async () => {
    renderWithApp(<MyPatternView settled />);
    const nav = screen.getByRole('navigation', { name: '花型分组' });
    expect(await within(nav).findByText('碎花')).toHaveTextContent('3');
    expect(within(nav).getByText('未分组')).toHaveTextContent('2');
    expect(await screen.findByText('发布为作品')).toHaveAttribute(
      'href',
      '/publishWork?fileKey=private%2Fuploads%2F11.png',
    );
    expect(screen.getByText('查看作品')).toHaveAttribute('href', '/publishWork?id=70');
    await user().click(within(nav).getByText('格纹'));
    await waitFor(() =>
      expect(callsOf(getSubmitCreationPic)).toContainEqual({
        pageIndex: 1,
        pageSize: 24,
        groupId: 6,
      }),
    );
  });

  it('asks a user who has not settled in to do so before publishing a pattern', async () => {
    renderWithApp(<MyPatternView settled={false} />);
    expect(await screen.findByText('入驻后可发布')).toHaveAttribute('href', '/application/spread');
  });

  it('creates, renames and deletes a group', async () => {
    renderWithApp(<MyPatternView settled />);
    await screen.findByText('碎花');
    await user().click(screen.getByLabelText('新建分组'));
    await user().type(await screen.findByLabelText('分组名称'), '条纹{Enter}');
    await waitFor(() => expect(callsOf(savePatternGroup)).toEqual([{ name: '条纹' }]));

    await user().click(screen.getByLabelText('重命名 碎花'));
    const input = await screen.findByLabelText('分组名称');
    await waitFor(() => expect(input).toHaveValue('碎花'));
    await user().clear(input);
    await user().type(input, '小碎花{Enter}');
    await waitFor(() =>
      expect(callsOf(savePatternGroup)).toEqual([{ name: '条纹' }, { id: 5, name: '小碎花' }]),
    );

    await user().click(screen.getByLabelText('删除 格纹'));
    expect((await screen.findAllByText('删除分组“格纹”？')).length).toBeGreaterThan(0);
    expect(screen.getByText('分组中的花型回到未分组。')).toBeInTheDocument();
    await user().click(screen.getByText('确 定'));
    await waitFor(() => expect(callsOf(deletePatternGroup)).toEqual([{ id: 6 }]));
  });

  it('moves the selected files into a group', async () => {
    renderWithApp(<MyPatternView settled />);
    await user().click(await screen.findByLabelText('选择花型 11'));
    await user().click(screen.getByText('移至分组'));
    expect(await screen.findByLabelText('目标分组')).toBeInTheDocument();
    await user().click(screen.getByText('确 定'));
    await waitFor(() =>
      expect(callsOf(setPatternGroup)).toEqual([{ ids: [11], fileKeys: [], groupId: null }]),
    );
  });
});
