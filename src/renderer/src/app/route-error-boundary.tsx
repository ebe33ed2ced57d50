import { Button } from 'antd';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { isChunkLoadError, pageReload } from '../lib/chunk-reload';

/**
 * §8 What a page shows when it cannot render: a chunk that failed to load (the page was already
 * reloaded for one less than a minute ago, lib/chunk-reload.ts) or any other error while rendering.
 * The header and footer stay; 刷新页面 reloads.
 */
export function RouteErrorPage({ chunk }: { chunk: boolean }) {
  return (
    <section className="not-found-page" role="alert" data-testid="route-error-page">
      <h1>{chunk ? '页面加载失败' : '页面出错了'}</h1>
      <p>{chunk ? '网络不稳定或网站刚刚更新，请刷新页面重试。' : '请刷新页面重试。'}</p>
      <Button type="primary" size="large" onClick={() => pageReload.reload()}>
        刷新页面
      </Button>
    </section>
  );
}

type BoundaryProps = { children: ReactNode };
type BoundaryState = { error: unknown };

/** Catches a route page's errors (RoutePage keys it by path, so leaving the page resets it). */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <RouteErrorPage chunk={isChunkLoadError(error)} />;
  }
}
