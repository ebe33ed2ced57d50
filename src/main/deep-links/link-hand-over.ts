// How a `wenyang://` link reaches the one running app (no Electron here): the first launch's command
// line, a second launch's command line handed over by `second-instance` (Windows, Linux), or macOS's
// `open-url`. Links that arrive before the window is ready wait; only the newest one is opened then.
import { DEEP_LINK_MSG, deepLinkFromArgv, parseDeepLink } from './deep-link';
import type { DeepLink } from './deep-link';

export type LinkHandOverOptions = {
  /** Opens a checked link in the app (called only once `ready()` was called). */
  open: (link: DeepLink) => void;
  /** Tells the user why a link was not opened (Chinese reason) and logs the raw link. */
  refuse: (reason: string, raw: string) => void;
};

export type LinkHandOver = {
  /** The first launch's `process.argv`. */
  fromArgv(argv: readonly unknown[]): void;
  /**
   * A second launch's command line (`second-instance`); whether it carried a link. The caller brings
   * the window forward either way.
   */
  fromSecondInstance(argv: readonly unknown[]): boolean;
  /** macOS `open-url`. */
  fromOpenUrl(url: unknown): void;
  /** The window can show pages now: delivers the waiting link, then delivers links as they come. */
  ready(): void;
};

export function createLinkHandOver(options: LinkHandOverOptions): LinkHandOver {
  let isReady = false;
  // Several links before the window exists (a double click on two links): the user wants the last.
  let waiting: string | null = null;

  function deliver(raw: string): void {
    const result = parseDeepLink(raw);
    if (result.ok) options.open(result.link);
    else options.refuse(result.reason, raw);
  }

  function receive(raw: string): void {
    if (isReady) deliver(raw);
    else waiting = raw;
  }

  return {
    fromArgv(argv) {
      const raw = deepLinkFromArgv(argv);
      if (raw !== null) receive(raw);
    },
    fromSecondInstance(argv) {
      const raw = deepLinkFromArgv(argv);
      if (raw === null) return false;
      receive(raw);
      return true;
    },
    fromOpenUrl(url) {
      if (typeof url === 'string') receive(url);
      else options.refuse(DEEP_LINK_MSG.notALink, String(url));
    },
    ready() {
      if (isReady) return;
      isReady = true;
      const raw = waiting;
      waiting = null;
      if (raw !== null) deliver(raw);
    },
  };
}
