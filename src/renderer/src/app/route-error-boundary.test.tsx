import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importWithReload, pageReload } from '../lib/chunk-reload';
import { lazyComponent } from '../lib/lazy-component';
import { RouteErrorBoundary } from './route-error-boundary';

// §8: a failed chunk load reloads the page at most once a minute; otherwise the error page shows.
const KEY = 'wenyang.chunkReloadAt';
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const failedChunk = () =>
  Promise.reject<{ default: ComponentType }>(
    new TypeError('Failed to fetch dynamically imported module: /assets/work-routes-3fa9c1.js'),
  );

function renderRoute(Page: ComponentType) {
  return render(
    <RouteErrorBoundary>
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>,
  );
}

const lazyFailingPage = () => lazy(() => importWithReload(failedChunk));

describe('chunk-load failure of a route', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    sessionStorage.clear();
    reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reloads the page once and keeps waiting instead of rendering half a page', async () => {
    renderRoute(lazyFailingPage());
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(KEY)).toBe(String(NOW));
    expect(screen.getByText('加载中')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('within a minute of the last reload shows the error page and does not reload again', async () => {
    sessionStorage.setItem(KEY, String(NOW - 59_000));
    renderRoute(lazyFailingPage());
    const page = await screen.findByRole('alert');
    expect(page).toHaveTextContent('页面加载失败');
    expect(page).toHaveTextContent('网络不稳定或网站刚刚更新，请刷新页面重试。');
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(KEY)).toBe(String(NOW - 59_000));
    // The user may still reload by hand.
    fireEvent.click(screen.getByRole('button', { name: /^刷新页面$/ }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a minute after the last reload reloads again', async () => {
    sessionStorage.setItem(KEY, String(NOW - 60_000));
    renderRoute(lazyFailingPage());
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(KEY)).toBe(String(NOW));
  });

  it('shows 页面出错了 for an error that is not a chunk load, without reloading', async () => {
    function Broken(): never {
      throw new Error('Cannot read properties of undefined');
    }
    renderRoute(Broken);
    expect(await screen.findByRole('alert')).toHaveTextContent('页面出错了');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a lazily loaded part whose chunk fails shows nothing and leaves the page standing', async () => {
    sessionStorage.setItem(KEY, String(NOW - 1_000));
    let failed: Promise<unknown> | undefined;
    const Part = lazyComponent(() => {
      const load = failedChunk();
      failed = load;
      return load.then((m) => m.default);
    });
    renderRoute(() => (
      <main>
        <p>正文</p>
        <Part />
      </main>
    ));
    await waitFor(() => expect(failed).toBeDefined());
    await act(async () => {
      await failed?.catch(() => undefined);
    });
    expect(screen.getByText('正文')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
