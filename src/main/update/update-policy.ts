// When the desktop app updates itself, as a plain state machine (no Electron; updater.ts wires
// electron-updater to it): check at start and every few hours; a newer version in the marketplace's
// feed is downloaded in the background (electron-updater verifies its SHA-512); once downloaded, the
// user is asked before restarting — and never while the upload queue has work: the question waits
// until the queue is idle, and is asked again just before the restart.
import type { DesktopUploadQueueStatus } from '../../shared/bridge';
import { FEED_MSG, ReleaseFeedError, isNewerRelease, releaseNotesText } from './release-feed';
import type { ReleaseFeed } from './release-feed';

/** How often the feed is read after the check at start. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export type UpdateOffer = { version: string; notes: string | null };

export type UpdateState =
  | { kind: 'idle'; message: string | null }
  | { kind: 'checking' }
  | ({ kind: 'available' } & UpdateOffer)
  | ({ kind: 'downloading'; percent: number } & UpdateOffer)
  /** `waiting`: the question waits for the upload queue; `declined`: the user said 稍后. */
  | ({ kind: 'downloaded'; waiting: boolean; declined: boolean } & UpdateOffer)
  | ({ kind: 'asking' } & UpdateOffer)
  | ({ kind: 'installing' } & UpdateOffer)
  | { kind: 'error'; message: string };

export const UPDATE_MSG = {
  upToDate: '已是最新版本',
  noRelease: '暂未发布桌面版更新',
  downloadFailed: '新版本下载失败，稍后会自动重试',
  verifyFailed: '新版本文件校验失败，已丢弃，稍后会自动重新下载',
  installFailed: '无法安装新版本，请从纹样网站下载安装包手动更新',
} as const;

/** Whether the upload queue has work a restart would interrupt (a paused queue resumes after it). */
export function uploadsHaveWork(status: DesktopUploadQueueStatus | null): boolean {
  if (status === null) return false;
  const { queued, preparing, uploading } = status.totals;
  return preparing + uploading > 0 || (queued > 0 && !status.paused);
}

/** The Chinese message for an error electron-updater reports while downloading. */
export function downloadErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /sha512|checksum|signature/i.test(text)
    ? UPDATE_MSG.verifyFailed
    : UPDATE_MSG.downloadFailed;
}

export type UpdatePolicyDeps = {
  currentVersion: string;
  /** The feed for this system, or null when none is published (release-feed.ts). */
  readFeed: () => Promise<ReleaseFeed | null>;
  /** Starts electron-updater's check-and-download (autoDownload); resolves once it has started. */
  startDownload: () => Promise<void>;
  /** Asks the user whether to restart now to install `offer`; true for 立即重启. */
  ask: (offer: UpdateOffer) => Promise<boolean>;
  /** Quits and installs (electron-updater's quitAndInstall). */
  install: () => void;
  /** Whether the upload queue has work right now (uploadsHaveWork of its latest status). */
  uploadsBusy: () => boolean;
  onState?: (state: UpdateState) => void;
  intervalMs?: number;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
};

export type UpdatePolicy = {
  /** Checks now at start and then every intervalMs. */
  start(): void;
  stop(): void;
  /** Reads the feed and starts the download of a newer version; resolves when the check is done. */
  check(): Promise<void>;
  /** electron-updater's `download-progress`. */
  progress(percent: number): void;
  /** electron-updater's `update-downloaded`; resolves once the user was asked (or the question waits). */
  downloaded(info: { version: string; releaseNotes?: unknown }): Promise<void>;
  /** electron-updater's `error`. */
  failed(error: unknown): void;
  /** electron-updater's `update-not-available`: it found nothing newer after all. */
  notAvailable(): void;
  /** The upload queue changed: a question waiting for it is asked once the queue is idle. */
  uploadsChanged(): Promise<void>;
  state(): UpdateState;
};

export function createUpdatePolicy(deps: UpdatePolicyDeps): UpdatePolicy {
  let state: UpdateState = { kind: 'idle', message: null };
  let timer: unknown = null;
  const set = (next: UpdateState) => {
    state = next;
    deps.onState?.(next);
  };
  const currentState = (): UpdateState => state;
  const offerOf = (s: UpdateOffer): UpdateOffer => ({ version: s.version, notes: s.notes });

  async function askIfIdle(): Promise<void> {
    if (state.kind !== 'downloaded' || state.declined) return;
    const offer = offerOf(state);
    if (deps.uploadsBusy()) {
      if (!state.waiting) set({ kind: 'downloaded', ...offer, waiting: true, declined: false });
      return;
    }
    set({ kind: 'asking', ...offer });
    const yes = await deps.ask(offer).catch(() => false);
    // The state may have moved on while the question was open (read again: it is shared).
    if (currentState().kind !== 'asking') return;
    // Uploads may have started while the question was open: then it waits for them again.
    if (yes && deps.uploadsBusy()) {
      set({ kind: 'downloaded', ...offer, waiting: true, declined: false });
      return;
    }
    if (!yes) {
      set({ kind: 'downloaded', ...offer, waiting: false, declined: true });
      return;
    }
    set({ kind: 'installing', ...offer });
    try {
      deps.install();
    } catch {
      set({ kind: 'error', message: UPDATE_MSG.installFailed });
    }
  }

  async function check(): Promise<void> {
    if (state.kind === 'downloaded') {
      // Said 稍后 earlier: the next round asks again (still never during uploads).
      set({ ...state, declined: false });
      return askIfIdle();
    }
    if (
      state.kind === 'checking' ||
      state.kind === 'available' ||
      state.kind === 'downloading' ||
      state.kind === 'asking' ||
      state.kind === 'installing'
    ) {
      return;
    }
    set({ kind: 'checking' });
    let feed: ReleaseFeed | null;
    try {
      feed = await deps.readFeed();
    } catch (error) {
      set({
        kind: 'error',
        message: error instanceof ReleaseFeedError ? error.message : FEED_MSG.unreachable,
      });
      return;
    }
    if (feed === null) {
      set({ kind: 'idle', message: UPDATE_MSG.noRelease });
      return;
    }
    if (!isNewerRelease(deps.currentVersion, feed)) {
      set({ kind: 'idle', message: UPDATE_MSG.upToDate });
      return;
    }
    const offer = { version: feed.version, notes: feed.releaseNotes };
    set({ kind: 'available', ...offer });
    try {
      await deps.startDownload();
    } catch (error) {
      set({ kind: 'error', message: downloadErrorMessage(error) });
    }
  }

  return {
    start() {
      if (timer !== null) return;
      void check();
      timer = (deps.setInterval ?? setInterval)(
        () => void check(),
        deps.intervalMs ?? UPDATE_CHECK_INTERVAL_MS,
      );
    },
    stop() {
      if (timer === null) return;
      (deps.clearInterval ?? ((handle) => clearInterval(handle as NodeJS.Timeout)))(timer);
      timer = null;
    },
    check,
    progress(percent) {
      if (state.kind !== 'available' && state.kind !== 'downloading') return;
      const bounded = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
      set({ kind: 'downloading', ...offerOf(state), percent: Math.floor(bounded) });
    },
    async downloaded(info) {
      if (state.kind === 'asking' || state.kind === 'installing') return;
      const notes =
        releaseNotesText(info.releaseNotes) ??
        (state.kind === 'available' || state.kind === 'downloading' ? state.notes : null);
      set({ kind: 'downloaded', version: info.version, notes, waiting: false, declined: false });
      await askIfIdle();
    },
    failed(error) {
      // An error after the download (the check of a later round) leaves the downloaded update in place.
      if (state.kind === 'downloaded' || state.kind === 'asking' || state.kind === 'installing')
        return;
      set({ kind: 'error', message: downloadErrorMessage(error) });
    },
    notAvailable() {
      if (state.kind === 'available' || state.kind === 'downloading') {
        set({ kind: 'idle', message: UPDATE_MSG.upToDate });
      }
    },
    uploadsChanged() {
      return state.kind === 'downloaded' && state.waiting ? askIfIdle() : Promise.resolve();
    },
    state: () => state,
  };
}
