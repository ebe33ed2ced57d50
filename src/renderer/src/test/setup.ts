import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { takeMockCallMismatches } from './mock-call';

// Dialogs, drawers and QR codes load their code on first render (lib/lazy-component.tsx); on a busy
// machine the first dynamic import of a test file may take longer than findBy's default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  const [first] = takeMockCallMismatches();
  if (first) throw new Error(first);
});

// React's scheduler may still hold work queued by the last unmount (a macrotask); let it run while
// the test window exists, or on a busy machine it runs after teardown and fails the whole run
// ('window is not defined' in performWorkUntilDeadline).
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
});

// jsdom lacks matchMedia, which antd's responsive hooks read.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lacks ResizeObserver, which antd's layout components use.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver =
    ResizeObserverStub;
}

window.scrollTo = () => undefined;
