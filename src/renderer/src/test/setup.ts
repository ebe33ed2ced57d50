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

// jsdom computes a style by matching the element against every rule of every stylesheet through
// nwsapi, whose compiled-selector cache keeps the last 1,000 selectors. antd's CSS-in-JS injects
// several thousand rules, so that cache thrashed: every rule's selector was parsed and compiled
// again for every element whose style Testing Library asked for (each *ByRole query asks for every
// candidate's visibility and accessible name), and one query on a dialog cost seconds. The compiled
// matchers depend only on the selector text; keep them all for the test file's life instead.
{
  type Matcher = (element: Element, callback: undefined, scope: null, partial: boolean) => boolean;
  type Engine = {
    match: (selector: string, element: Element) => boolean;
    matchResolvers: { get: (selector: string) => { factory: Matcher[] } | undefined };
  };
  type DocumentImpl = { _nwsapiDontThrow?: Engine };
  const implKey = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  const impl = implKey
    ? (document as unknown as Record<symbol, DocumentImpl | undefined>)[implKey]
    : undefined;
  // The first computed style makes jsdom create its engine (matching the default stylesheet).
  window.getComputedStyle(document.documentElement);
  const engine = impl?._nwsapiDontThrow;
  if (impl && engine && typeof engine.matchResolvers?.get === 'function') {
    const compiled = new Map<string, Matcher[]>();
    impl._nwsapiDontThrow = {
      matchResolvers: engine.matchResolvers,
      match(selector, element) {
        const factory = compiled.get(selector);
        if (!factory) {
          const result = engine.match(selector, element);
          const resolver = engine.matchResolvers.get(selector);
          if (resolver) compiled.set(selector, resolver.factory);
          return result;
        }
        // As nwsapi's own match: every compound selector of the list is tried.
        let matched = false;
        for (const f of factory) if (f(element, undefined, null, false)) matched = true;
        return matched;
      },
    };
  }
}
