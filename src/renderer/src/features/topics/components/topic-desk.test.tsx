import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import { previewTopic, saveTopic } from '@shared/contract/topics';
import type { TopicBlockInput, TopicSource } from '@shared/contract/topics';
import { getCategory } from '@shared/contract/works';
import type * as apiClient from '../../../api/api-client';
import { fastUser, requestsOf } from '../../../test/api-calls';
import { mockCall } from '../../../test/mock-call';
import { renderWithApp } from '../../../test/render-with-app';
import { TopicDraft } from './topic-desk';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));

const SOURCE: TopicSource = {
  slug: 'seamless',
  title: '无缝拼接',
  summary: '无缝拼接的原理与检查方法',
  blocks: [
    { type: 'text', markdown: '## 无缝拼接是什么' },
    {
      type: 'works',
      title: '最新的无缝作品',
      source: 'query',
      query: { seamless: true, sort: 'newest' },
      workIds: [],
      limit: 15,
    },
  ],
  revision: 3,
  publishedAt: '2026-11-24T03:00:00.000Z',
  unpublishedChanges: false,
};

beforeEach(() => {
  callApi.mockReset();
  callApi.mockImplementation(
    async (call: CallDef, input: { blocks?: TopicBlockInput[]; title?: string }) => {
      if (call === getCategory) return mockCall(getCategory, []);
      if (call === saveTopic) {
        return mockCall(saveTopic, {
          ...SOURCE,
          title: input.title ?? '',
          blocks: input.blocks ?? [],
          revision: 4,
          unpublishedChanges: true,
        });
      }
      if (call === previewTopic) {
        return mockCall(previewTopic, {
          slug: 'seamless',
          title: input.title ?? '',
          summary: '',
          publishedAt: '',
          blocks: [{ type: 'text', html: '<p>预览中的正文</p>' }],
        });
      }
      throw new Error(`unexpected ${call.name}`);
    },
  );
});

// Role queries walk antd's whole tree and are slow on a busy machine: labels and text are enough.
const blockTitles = () =>
  [...document.querySelectorAll('ol[aria-label="区块列表"] > li .ant-card-head-title')].map(
    (el) => el.textContent,
  );
const button = (name: RegExp | string) => {
  const found = screen.getByText(name).closest('button');
  if (!found) throw new Error(`no button ${String(name)}`);
  return found;
};

describe('TopicDraft (/admin/topics 专题管理)', () => {
  it('adds a block, moves it up, checks it, and saves the blocks in the new order', async () => {
    const user = fastUser();
    renderWithApp(<TopicDraft source={SOURCE} />);
    expect(blockTitles()).toEqual(['第 1 个区块（图文）', '第 2 个区块（作品）']);

    // Add a video block (the type chooser), then move it from third to first.
    await user.click(screen.getByLabelText('区块类型'));
    await user.click(await screen.findByTitle('视频'));
    await user.click(button('添加区块'));
    expect(blockTitles()).toEqual([
      '第 1 个区块（图文）',
      '第 2 个区块（作品）',
      '第 3 个区块（视频）',
    ]);
    await user.click(screen.getByLabelText('上移第 3 个区块（视频）'));
    await user.click(screen.getByLabelText('上移第 2 个区块（视频）'));
    expect(blockTitles()).toEqual([
      '第 1 个区块（视频）',
      '第 2 个区块（图文）',
      '第 3 个区块（作品）',
    ]);
    expect(screen.getByLabelText('上移第 1 个区块（视频）')).toBeDisabled();

    // A third-party player page is refused before anything is sent.
    await user.click(screen.getByLabelText('视频地址'));
    await user.paste('https://www.youtube.com/watch?v=1');
    await user.click(button('保存草稿'));
    expect(
      await screen.findByText(/第 1 个区块（视频）只能使用 mp4 或 webm 视频文件/),
    ).toBeInTheDocument();
    expect(requestsOf(callApi, saveTopic)).toEqual([]);

    await user.clear(screen.getByLabelText('视频地址'));
    await user.click(screen.getByLabelText('视频地址'));
    await user.paste('https://cdn.example.com/intro.mp4');
    await user.click(screen.getByLabelText('第 1 个区块（视频）标题'));
    await user.paste('三步自查');
    // The works block moves down below the text, and the text block is removed.
    await user.click(screen.getByLabelText('删除第 2 个区块（图文）'));
    expect(blockTitles()).toEqual(['第 1 个区块（视频）', '第 2 个区块（作品）']);
    await user.click(button('保存草稿'));
    await waitFor(() => expect(requestsOf(callApi, saveTopic)).toHaveLength(1));
    expect(requestsOf(callApi, saveTopic)[0]).toEqual({
      slug: 'seamless',
      title: '无缝拼接',
      summary: '无缝拼接的原理与检查方法',
      revision: 3,
      blocks: [
        {
          type: 'video',
          title: '三步自查',
          src: 'https://cdn.example.com/intro.mp4',
          posterKey: '',
        },
        SOURCE.blocks[1],
      ],
    });
    // The toast is re-rendered as it animates in, so only its showing up is checked.
    expect(await screen.findByText('草稿已保存')).toBeTruthy();
  }, 90_000);

  it('previews the blocks being edited without saving them', async () => {
    const user = fastUser();
    renderWithApp(<TopicDraft source={SOURCE} />);
    await user.click(button(/^预\s*览$/));
    expect(await screen.findByText('预览中的正文')).toBeInTheDocument();
    expect(screen.getByText('预览中的正文').closest('section')).toHaveAttribute(
      'aria-label',
      '预览',
    );
    expect(requestsOf(callApi, saveTopic)).toEqual([]);
  });
});
