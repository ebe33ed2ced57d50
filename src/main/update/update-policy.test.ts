import { describe, expect, it } from 'vitest';
import type { DesktopUploadQueueStatus } from '../../shared/bridge';
import { FEED_MSG, ReleaseFeedError } from './release-feed';
import type { ReleaseFeed } from './release-feed';
import { UPDATE_MSG, createUpdatePolicy, uploadsHaveWork } from './update-policy';
import type { UpdateOffer, UpdateState } from './update-policy';

const FEED: ReleaseFeed = {
  version: '1.4.0',
  releaseDate: null,
  releaseNotes: '托盘显示上传进度',
  files: [{ url: 'https://m.example/desktop/releases/a.exe', sha512: 'AAAA', size: 1 }],
};

function setUp(options: { feed?: ReleaseFeed | null | Error; answer?: boolean } = {}) {
  const states: UpdateState[] = [];
  const asked: UpdateOffer[] = [];
  let busy = false;
  let installs = 0;
  let downloads = 0;
  let answer = options.answer ?? true;
  let intervalRun: (() => void) | null = null;
  const policy = createUpdatePolicy({
    currentVersion: '1.3.0',
    readFeed: async () => {
      const feed = options.feed === undefined ? FEED : options.feed;
      if (feed instanceof Error) throw feed;
      return feed;
    },
    startDownload: async () => {
      downloads += 1;
    },
    ask: async (offer) => {
      asked.push(offer);
      return answer;
    },
    install: () => {
      installs += 1;
    },
    uploadsBusy: () => busy,
    onState: (state) => states.push(state),
    setInterval: (run) => {
      intervalRun = run;
      return 1;
    },
    clearInterval: () => {
      intervalRun = null;
    },
  });
  return {
    policy,
    states,
    asked,
    setBusy: (value: boolean) => (busy = value),
    setAnswer: (value: boolean) => (answer = value),
    installs: () => installs,
    downloads: () => downloads,
    tick: () => intervalRun?.(),
    hasTimer: () => intervalRun !== null,
  };
}

describe('createUpdatePolicy', () => {
  it('goes checking → available → downloading → downloaded → asks → installs', async () => {
    const t = setUp();
    await t.policy.check();
    expect(t.downloads()).toBe(1);
    t.policy.progress(12.7);
    t.policy.progress(100);
    await t.policy.downloaded({ version: '1.4.0', releaseNotes: null });
    expect(t.states.map((s) => s.kind)).toEqual([
      'checking',
      'available',
      'downloading',
      'downloading',
      'downloaded',
      'asking',
      'installing',
    ]);
    expect(t.states[2]).toMatchObject({ percent: 12 });
    // The notes come from the feed when electron-updater has none.
    expect(t.asked).toEqual([{ version: '1.4.0', notes: '托盘显示上传进度' }]);
    expect(t.installs()).toBe(1);
  });

  it('never restarts while uploads run: the question waits until the queue is idle', async () => {
    const t = setUp();
    t.setBusy(true);
    await t.policy.check();
    await t.policy.downloaded({ version: '1.4.0', releaseNotes: '新版本' });
    expect(t.policy.state()).toMatchObject({ kind: 'downloaded', waiting: true });
    expect(t.asked).toEqual([]);
    await t.policy.uploadsChanged();
    expect(t.asked).toEqual([]);
    t.setBusy(false);
    await t.policy.uploadsChanged();
    expect(t.asked).toEqual([{ version: '1.4.0', notes: '新版本' }]);
    expect(t.installs()).toBe(1);
  });

  it('does not restart when uploads started while the question was open', async () => {
    const t = setUp();
    let busyOnAnswer = false;
    const policy = createUpdatePolicy({
      currentVersion: '1.3.0',
      readFeed: async () => FEED,
      startDownload: async () => undefined,
      ask: async () => {
        busyOnAnswer = true;
        return true;
      },
      install: () => {
        throw new Error('must not install');
      },
      uploadsBusy: () => busyOnAnswer,
    });
    await policy.check();
    await policy.downloaded({ version: '1.4.0' });
    expect(policy.state()).toMatchObject({ kind: 'downloaded', waiting: true });
    expect(t.installs()).toBe(0);
  });

  it('asks again at the next round after 稍后, never in between', async () => {
    const t = setUp({ answer: false });
    t.policy.start();
    await Promise.resolve();
    await t.policy.downloaded({ version: '1.4.0' });
    expect(t.policy.state()).toMatchObject({ kind: 'downloaded', declined: true });
    await t.policy.uploadsChanged();
    expect(t.asked).toHaveLength(1);
    t.setAnswer(true);
    t.tick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.asked).toHaveLength(2);
    expect(t.installs()).toBe(1);
    t.policy.stop();
    expect(t.hasTimer()).toBe(false);
  });

  it('stays idle when up to date or nothing is published', async () => {
    const newest = setUp({ feed: { ...FEED, version: '1.3.0' } });
    await newest.policy.check();
    expect(newest.policy.state()).toEqual({ kind: 'idle', message: UPDATE_MSG.upToDate });
    expect(newest.downloads()).toBe(0);
    const none = setUp({ feed: null });
    await none.policy.check();
    expect(none.policy.state()).toEqual({ kind: 'idle', message: UPDATE_MSG.noRelease });
  });

  it('reports errors in Chinese and checks again later', async () => {
    const t = setUp({ feed: new ReleaseFeedError(FEED_MSG.unreachable) });
    await t.policy.check();
    expect(t.policy.state()).toEqual({ kind: 'error', message: FEED_MSG.unreachable });
    const u = setUp();
    await u.policy.check();
    u.policy.failed(new Error('sha512 checksum mismatch, expected AAAA'));
    expect(u.policy.state()).toEqual({ kind: 'error', message: UPDATE_MSG.verifyFailed });
    u.policy.failed(new Error('net::ERR_CONNECTION_RESET'));
    expect(u.policy.state()).toEqual({ kind: 'error', message: UPDATE_MSG.downloadFailed });
    await u.policy.check();
    expect(u.downloads()).toBe(2);
  });

  it('does not start a second download while one runs', async () => {
    const t = setUp();
    await Promise.all([t.policy.check(), t.policy.check()]);
    t.policy.progress(50);
    await t.policy.check();
    expect(t.downloads()).toBe(1);
    t.policy.notAvailable();
    expect(t.policy.state()).toEqual({ kind: 'idle', message: UPDATE_MSG.upToDate });
  });
});

describe('uploadsHaveWork', () => {
  const status = (
    totals: Partial<DesktopUploadQueueStatus['totals']>,
    paused = false,
  ): DesktopUploadQueueStatus => ({
    paused,
    pauseReason: paused ? 'user' : null,
    totals: {
      queued: 0,
      preparing: 0,
      uploading: 0,
      uploaded: 0,
      failed: 0,
      total: 0,
      bytesPerSecond: 0,
      filesPerMinute: 0,
      ...totals,
    },
    account: null,
    holds: [],
  });

  it('counts files being sent and files waiting in a running queue, not a paused or finished one', () => {
    expect(uploadsHaveWork(null)).toBe(false);
    expect(uploadsHaveWork(status({ uploaded: 9, failed: 2 }))).toBe(false);
    expect(uploadsHaveWork(status({ queued: 3 }))).toBe(true);
    expect(uploadsHaveWork(status({ queued: 3 }, true))).toBe(false);
    expect(uploadsHaveWork(status({ uploading: 1 }, true))).toBe(true);
    expect(uploadsHaveWork(status({ preparing: 1 }))).toBe(true);
  });
});
