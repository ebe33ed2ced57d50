import { describe, expect, it } from 'vitest';
import type { DesktopUploadQueueSnapshot } from '@shared/bridge';
import type { UploadQueueItem } from '@shared/upload-queue';
import { applyQueueChange } from './upload-queue';

const item = (id: string, state: UploadQueueItem['state'] = 'queued'): UploadQueueItem => ({
  id,
  folderId: 'f',
  path: `/f/${id}.png`,
  name: `${id}.png`,
  size: 1,
  state,
  progress: 0,
  attempts: 0,
  error: null,
  retryAt: null,
  sha256: null,
  fileKey: null,
  workId: null,
  sameAs: null,
  converted: false,
  width: null,
  height: null,
  enqueuedAt: 0,
  updatedAt: 0,
});
const totals = {
  queued: 0,
  preparing: 0,
  uploading: 0,
  uploaded: 0,
  failed: 0,
  total: 0,
  bytesPerSecond: 0,
  filesPerMinute: 0,
};

const BO = { userId: 2, caiHongID: '80000002', name: '设计师乙' };
const HOLD = {
  folderId: 'f',
  owner: { userId: 1, caiHongID: '80000001', name: '设计师甲' },
  waiting: 2,
  message: '上传已暂停',
};

describe('applyQueueChange', () => {
  it('replaces changed items in place, appends new ones, drops removed ones', () => {
    const snapshot: DesktopUploadQueueSnapshot = {
      account: null,
      holds: [],
      paused: false,
      pauseReason: null,
      totals,
      items: [item('a'), item('b'), item('c')],
    };
    const next = applyQueueChange(snapshot, {
      paused: true,
      pauseReason: 'user',
      totals: { ...totals, uploaded: 1 },
      account: BO,
      holds: [HOLD],
      changed: [item('b', 'uploaded'), item('d')],
      removed: ['c'],
      reset: false,
    });
    expect(next.items.map((i) => [i.id, i.state])).toEqual([
      ['a', 'queued'],
      ['b', 'uploaded'],
      ['d', 'queued'],
    ]);
    expect(next).toMatchObject({
      paused: true,
      pauseReason: 'user',
      totals: { uploaded: 1 },
      account: BO,
      holds: [HOLD],
    });
    expect(snapshot.items).toHaveLength(3);
  });
});
