import { describe, expect, it } from 'vitest';
import type { UploadQueueItem, UploadQueueSnapshot } from '@shared/upload-queue';
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

describe('applyQueueChange', () => {
  it('replaces changed items in place, appends new ones, drops removed ones', () => {
    const snapshot: UploadQueueSnapshot = {
      paused: false,
      pauseReason: null,
      totals,
      items: [item('a'), item('b'), item('c')],
    };
    const next = applyQueueChange(snapshot, {
      paused: true,
      pauseReason: 'user',
      totals: { ...totals, uploaded: 1 },
      changed: [item('b', 'uploaded'), item('d')],
      removed: ['c'],
      reset: false,
    });
    expect(next.items.map((i) => [i.id, i.state])).toEqual([
      ['a', 'queued'],
      ['b', 'uploaded'],
      ['d', 'queued'],
    ]);
    expect(next).toMatchObject({ paused: true, pauseReason: 'user', totals: { uploaded: 1 } });
    expect(snapshot.items).toHaveLength(3);
  });
});
