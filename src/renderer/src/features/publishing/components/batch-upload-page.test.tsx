import { waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDef } from '@shared/contract/define';
import {
  getChannelsEdit,
  getCreationMarketTag,
  perfectCreationPic,
  publishCreation,
  tagboxs,
} from '@shared/contract/publishing';
import { getHotTags } from '@shared/contract/word-search';
import type * as apiClient from '../../../api/api-client';
import { ApiError } from '../../../api/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { DRAFT, FORM_OPTIONS } from '../test/form-options';
import { BatchUploadPage } from './batch-upload-page';
import { mockCall } from '../../../test/mock-call';

const callApi = vi.hoisted(() => vi.fn());
vi.mock('../../../api/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof apiClient>()),
  callApi,
}));
const uploadPatternFile = vi.hoisted(() => vi.fn());
vi.mock('../../../api/upload-pattern-file', () => ({ uploadPatternFile }));
// jsdom loads no images: the size is answered here (null = a format the browser cannot show).
vi.mock('../lib/image-size', () => ({
  readImageSize: async (f: File) => (f.name === 'tiny.png' ? { width: 320, height: 240 } : null),
}));

const callsOf = (call: CallDef): Record<string, unknown>[] =>
  callApi.mock.calls
    .filter((args: unknown[]) => args[0] === call)
    .map((args: unknown[]) => args[1] as Record<string, unknown>);

const user = () =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, applyAccept: false });
const file = (name: string, size = 2048, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });
// Direct DOM lookups: Testing Library's queries walk antd's large tree in jsdom very slowly.
const rowOf = (name: string): HTMLElement => {
  const row = document.querySelector(`[title="${name}"]`)?.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
const alertOf = (name: string) => rowOf(name).querySelector('[role=alert]')?.textContent ?? '';
const stateOf = (name: string) => rowOf(name).querySelector('.ant-tag')?.textContent ?? '';
const toolbar = () => document.querySelector('.batch-layout__toolbar span')?.textContent ?? '';
const field = (label: string): HTMLElement => {
  const found = document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`no field ${label}`);
  return found;
};
const button = (text: string): HTMLElement => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

let nextWorkId = 100;
let fakeAttempts = 0;

beforeEach(() => {
  nextWorkId = 100;
  fakeAttempts = 0;
  callApi.mockReset();
  callApi.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === getChannelsEdit) return mockCall(getChannelsEdit, FORM_OPTIONS);
    if (call === getHotTags) return mockCall(getHotTags, { list: [] });
    if (call === tagboxs) return mockCall(tagboxs, { list: [] });
    if (call === getCreationMarketTag) return mockCall(getCreationMarketTag, { groups: [] });
    if (call === perfectCreationPic) {
      return mockCall(perfectCreationPic, {
        work: { ...DRAFT, id: nextWorkId++, title: String(input.title) },
        created: true,
      });
    }
    if (call === publishCreation) {
      return mockCall(publishCreation, {
        results: (input.ids as number[]).map((id) => ({ id, ok: true, status: 'review', msg: '' })),
      });
    }
    throw new Error(`unexpected call ${call.name}`);
  });
  uploadPatternFile.mockReset();
  uploadPatternFile.mockImplementation(
    async (f: File, options: { onProgress?: (p: number) => void }) => {
      options.onProgress?.(0.5);
      // A text file named .png: the server reads the content and refuses it, once.
      if (f.name === 'fake.png' && fakeAttempts++ === 0) {
        throw new ApiError(1022, '文件不是可识别的图片，或文件已损坏');
      }
      return {
        fileKey: `private/uploads/1/aa/${f.name}`,
        sha256: 'x',
        size: f.size,
        width: 800,
        height: 800,
        format: 'png',
        duplicate: false,
      };
    },
  );
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function choose(files: File[]) {
  renderWithApp(<BatchUploadPage />, { initialEntries: ['/publishWork/index2'] });
  await waitFor(() => expect(document.querySelector('.batch-layout__shared form')).not.toBeNull());
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  await user().upload(input, files);
}

// antd's table of 50 rows is heavy in jsdom: these take longer than the default.
describe('BatchUploadPage', { timeout: 60_000 }, () => {
  it('checks each file, uploads the good ones, explains the bad ones and retries a failure', async () => {
    await choose([
      file('spring-garden.png'),
      file('notes.psd'),
      file('empty.png', 0),
      file('fake.png'),
      file('tiny.png'),
      file('spring-garden.png'),
    ]);
    await waitFor(() => expect(alertOf('tiny.png')).toBe('图片尺寸过小：最短边需不少于 500 像素'));
    expect(alertOf('notes.psd')).toBe('格式限制：png、jpg、jpeg、webp、tif、tiff');
    expect(alertOf('empty.png')).toBe('文件为空（0 字节），请重新选择');
    const duplicate = document.querySelectorAll('[title="spring-garden.png"]')[1]?.closest('tr');
    expect(duplicate?.querySelector('[role=alert]')?.textContent).toBe(
      'spring-garden.png 已添加！',
    );
    await waitFor(() => expect(stateOf('spring-garden.png')).toBe('已上传'));
    await waitFor(() => expect(alertOf('fake.png')).toBe('文件不是可识别的图片，或文件已损坏'));
    expect(stateOf('fake.png')).toBe('上传失败');
    expect(uploadPatternFile).toHaveBeenCalledTimes(2);
    // The title starts as the file name.
    expect(field('spring-garden.png 的标题')).toHaveValue('spring garden');

    await user().click(field('重试 fake.png'));
    await waitFor(() => expect(stateOf('fake.png')).toBe('已上传'));
    expect(toolbar()).toBe('共 6 个文件，已上传 2 个');
  });

  it('creates every uploaded file as a draft with the shared metadata and per-row edits', async () => {
    await choose([file('a.png'), file('b.png')]);
    await waitFor(() => expect(toolbar()).toBe('共 2 个文件，已上传 2 个'));
    const title = field('b.png 的标题');
    await user().clear(title);
    await user().type(title, '蓝色波点');
    await user().type(field('b.png 的价格'), '59');
    await user().click(button('全部存为草稿'));
    await waitFor(() => expect(callsOf(perfectCreationPic)).toHaveLength(2));
    const byKey = Object.fromEntries(
      callsOf(perfectCreationPic).map((c) => [String(c.fileKey), c]),
    );
    expect(byKey['private/uploads/1/aa/a.png']).toMatchObject({
      title: 'a',
      priceFen: 19_900,
      headerType: 3,
    });
    expect(byKey['private/uploads/1/aa/b.png']).toMatchObject({
      title: '蓝色波点',
      priceFen: 5_900,
    });
    // No colours are sent: each draft keeps the colours of its own picture.
    expect(byKey['private/uploads/1/aa/a.png']).not.toHaveProperty('colors');
    await waitFor(() => expect(stateOf('a.png')).toBe('已存为草稿'));
    expect(stateOf('b.png')).toBe('已存为草稿');
    expect(callsOf(publishCreation)).toEqual([]);
  });

  it('takes at most 50 files and says so', async () => {
    await choose(Array.from({ length: 51 }, (_, i) => file(`p${i}.png`)));
    await waitFor(() =>
      expect(document.querySelector('.ant-message')?.textContent).toContain('最多只能上传50张图片'),
    );
    expect(toolbar()).toMatch(/^共 50 个文件/);
    expect(document.querySelector('[title="p50.png"]')).toBeNull();
  });
});
