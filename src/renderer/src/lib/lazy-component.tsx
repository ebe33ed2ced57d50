import { Component, Suspense, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { importWithReload, isChunkLoadError } from './chunk-reload';

/**
 * A part whose chunk failed to load (within a minute of the last reload) shows nothing rather than
 * taking the page down; any other error goes on to the route's boundary.
 */
class ChunkFailureBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error('A part failed', { cause: error }) };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return null;
    throw error;
  }
}

/**
 * A component whose code loads on first render, behind its own Suspense boundary (showing
 * `fallback`, nothing by default): parts of the frame that are not needed for the first paint
 * (dialogs, drawers, QR codes) stay out of every page's initial JavaScript. A failed chunk load
 * reloads the page at most once a minute (§8, lib/chunk-reload.ts). docs/fast-pages.md.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  const Loaded = lazy(() => importWithReload(load).then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    return (
      <ChunkFailureBoundary>
        <Suspense fallback={fallback(props)}>
          <Loaded {...props} />
        </Suspense>
      </ChunkFailureBoundary>
    );
  }
  return LazyComponent;
}
