import { createEvent, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { InitialEntry } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../../test/session';
import { SiteHeader } from './site-header';
import type { HeaderSearchSuggestSource, HeaderSearchSuggestion } from './site-header';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const HOT: HeaderSearchSuggestion[] = [
  { kind: 'hot', text: '青花瓷' },
  { kind: 'hot', text: '国潮' },
];
const FOR_FLOWER: HeaderSearchSuggestion[] = [
  {
    kind: 'keyword',
    text: '花卉',
    parts: [
      { text: '花', hit: true },
      { text: '卉', hit: false },
    ],
    count: 12,
  },
  { kind: 'designer', text: '花间设计', parts: [{ text: '花间设计', hit: false }] },
  { kind: 'theme', text: '春日花园', href: '/theme/detail/3' },
  { kind: 'work', text: '胭脂花卉纹样设计', href: '/work/detail?id=19' },
];

function renderHeader(
  suggest: HeaderSearchSuggestSource | undefined,
  entry: InitialEntry = '/',
  onImageFiles?: (files: File[]) => void,
) {
  // The header reads the signed-in user from React Query (a guest here: an empty cache).
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ConfigProvider locale={zhCN}>
        <MemoryRouter initialEntries={[entry]}>
          <SiteHeader onLogout={() => undefined} suggest={suggest} onImageFiles={onImageFiles} />
          <Routes>
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const box = () => screen.getByPlaceholderText('搜索图案、主题、设计师');
const location = () => screen.getByTestId('location').textContent;
/** A visible suggestion (antd's list items carry no option role; a hidden a11y list does). */
const option = (name: string | RegExp) =>
  waitFor(() => {
    const found = Array.from(
      document.querySelectorAll<HTMLElement>('.ant-select-item-option'),
    ).find((el) =>
      typeof name === 'string' ? el.textContent === name : name.test(el.textContent ?? ''),
    );
    if (!found) throw new Error(`no suggestion ${String(name)}`);
    return found;
  });

let suggest: ReturnType<typeof vi.fn<HeaderSearchSuggestSource>>;

// The suggestion list (antd AutoComplete) loads after the first paint (lazy-search-complete.tsx);
// its first import here compiles rc-select, which can take longer than a findBy waits.
beforeAll(async () => {
  await import('antd/es/auto-complete');
}, 60_000);

beforeEach(() => {
  window.innerWidth = 1500;
  suggest = vi.fn<HeaderSearchSuggestSource>(async (keyword) =>
    keyword === '' ? HOT : keyword.startsWith('花') ? FOR_FLOWER : [],
  );
  const getComputedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => getComputedStyle(element));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('header search suggestions', () => {
  it('shows the hot keywords when the empty box gets the focus', async () => {
    const user = userEvent.setup();
    renderHeader(suggest);
    await user.click(box());
    expect(await screen.findByText('热门搜索')).toBeInTheDocument();
    await user.click(await option('青花瓷'));
    expect(location()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('青花瓷')}`);
    expect(suggest).toHaveBeenCalledWith('');
  });

  it('suggests while typing, after a pause, with what matched marked', async () => {
    const user = userEvent.setup();
    renderHeader(suggest);
    await user.type(box(), '花');
    const keyword = await option(/^花卉/);
    expect(keyword.querySelector('mark')?.textContent).toBe('花');
    expect(keyword).toHaveTextContent('12 件');
    expect(await option(/花间设计/)).toHaveTextContent('设计师');
    // Typing faster than the pause asks once, for the last text.
    await user.type(box(), '卉');
    await waitFor(() => expect(suggest).toHaveBeenLastCalledWith('花卉'));
    expect(suggest.mock.calls.filter(([k]) => k === '花').length).toBeLessThanOrEqual(1);
    await user.click(await option(/^花卉/));
    expect(location()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('花卉')}`);
  });

  it('opens a work suggested by title', async () => {
    const user = userEvent.setup();
    renderHeader(suggest);
    await user.type(box(), '花');
    await user.click(await option(/胭脂花卉纹样设计/));
    expect(location()).toBe('/work/detail?id=19');
  });

  it('opens a theme suggested by title, marked as a theme', async () => {
    const user = userEvent.setup();
    renderHeader(suggest);
    await user.type(box(), '花');
    const theme = await option(/春日花园/);
    expect(theme).toHaveTextContent('主题');
    await user.click(theme);
    expect(location()).toBe('/theme/detail/3');
  });

  it('searches the typed words on Enter, even with suggestions open', async () => {
    const user = userEvent.setup();
    renderHeader(suggest);
    await user.type(box(), '花');
    await option(/^花卉/);
    await user.keyboard('{Enter}');
    expect(location()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('花')}`);
  });

  it('works without a suggestion source', async () => {
    const user = userEvent.setup();
    renderHeader(undefined);
    await user.type(box(), '牡丹{Enter}');
    expect(location()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('牡丹')}`);
  });
});

describe('§2 search opens and closes', () => {
  it('has no close button outside search', () => {
    renderHeader(suggest, '/theme');
    expect(screen.queryByRole('button', { name: '关闭搜索' })).not.toBeInTheDocument();
  });

  it('returns to the page the search was opened from', async () => {
    const user = userEvent.setup();
    renderHeader(suggest, '/theme?page=2');
    await user.type(box(), '花{Enter}');
    expect(location()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('花')}`);
    // A second search keeps the page the first one was opened from.
    await user.clear(box());
    await user.type(box(), '几何{Enter}');
    expect(location()).toBe(`/search/wordSearch?keyword=${encodeURIComponent('几何')}`);
    expect(box()).toHaveValue('几何');
    await user.click(screen.getByRole('button', { name: '关闭搜索' }));
    expect(location()).toBe('/theme?page=2');
    expect(box()).toHaveValue('');
  });

  it('returns home when the search page was opened directly', async () => {
    const user = userEvent.setup();
    renderHeader(suggest, '/search/wordSearch?keyword=花卉');
    expect(box()).toHaveValue('花卉');
    await user.click(screen.getByRole('button', { name: '关闭搜索' }));
    expect(location()).toBe('/');
  });
});

describe('§2 the search box takes an image (以图搜图)', () => {
  const image = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/jpeg' });

  it('searches by image with files dropped on the box', () => {
    const onImageFiles = vi.fn();
    renderHeader(suggest, '/', onImageFiles);
    const files = [image('a.jpg'), image('b.jpg')];
    fireEvent.dragOver(box(), { dataTransfer: { files, types: ['Files'] } });
    const drop = createEvent.drop(box(), { dataTransfer: { files, types: ['Files'] } });
    fireEvent(box(), drop);
    expect(onImageFiles).toHaveBeenCalledWith(files);
    // The browser does not open the file itself.
    expect(drop.defaultPrevented).toBe(true);
  });

  it('searches by image with an image pasted while the box has the focus', async () => {
    const user = userEvent.setup();
    const onImageFiles = vi.fn();
    renderHeader(suggest, '/', onImageFiles);
    await user.click(box());
    const files = [image('screenshot.png')];
    fireEvent.paste(box(), { clipboardData: { files, types: ['Files'], getData: () => '' } });
    expect(onImageFiles).toHaveBeenCalledWith(files);
  });

  it('leaves a paste of text to the box', async () => {
    const user = userEvent.setup();
    const onImageFiles = vi.fn();
    renderHeader(suggest, '/', onImageFiles);
    await user.click(box());
    await user.paste('青花瓷');
    expect(box()).toHaveValue('青花瓷');
    expect(onImageFiles).not.toHaveBeenCalled();
  });

  it('leaves drops alone without an image search', () => {
    renderHeader(suggest, '/');
    const drop = createEvent.drop(box(), {
      dataTransfer: { files: [image('a.jpg')], types: ['Files'] },
    });
    fireEvent(box(), drop);
    expect(drop.defaultPrevented).toBe(false);
  });
});
