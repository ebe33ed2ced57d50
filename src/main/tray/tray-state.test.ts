import { describe, expect, it } from 'vitest';
import type { DesktopUploadQueueStatus } from '../../shared/bridge';
import { batchFinishedNotice } from '../notifications/notification-texts';
import { trayIconBitmap } from './tray-icon';
import { TRAY_TEXT, closeAction, createTrayModel } from './tray-state';

type Counts = {
  queued?: number;
  preparing?: number;
  uploading?: number;
  uploaded?: number;
  failed?: number;
};

function status(
  counts: Counts,
  paused: DesktopUploadQueueStatus['pauseReason'] = null,
): DesktopUploadQueueStatus {
  const totals = {
    queued: 0,
    preparing: 0,
    uploading: 0,
    uploaded: 0,
    failed: 0,
    ...counts,
    total: 0,
    bytesPerSecond: 0,
    filesPerMinute: 0,
  };
  totals.total =
    totals.queued + totals.preparing + totals.uploading + totals.uploaded + totals.failed;
  return { paused: paused !== null, pauseReason: paused, totals, account: null, holds: [] };
}

const actions = (model: ReturnType<typeof createTrayModel>) =>
  model.view().menu.map((e) => e.action);

describe('createTrayModel', () => {
  it('is idle before the queue says anything', () => {
    const model = createTrayModel();
    expect(model.view()).toMatchObject({ mode: 'idle', tooltip: `纹样 · ${TRAY_TEXT.idle}` });
    expect(actions(model)).toEqual(['show', 'quit']);
  });

  it('counts a batch from the files uploaded before it: uploading n of m, then finished', () => {
    const model = createTrayModel();
    // Five files uploaded in an earlier session stay in the queue; they are not this batch.
    model.update(status({ uploaded: 5 }));
    expect(model.update(status({ uploaded: 5, queued: 3, uploading: 1 })).view).toMatchObject({
      mode: 'uploading',
      status: '正在上传 0/4',
    });
    expect(actions(model)).toEqual(['show', 'pause', 'quit']);
    expect(model.update(status({ uploaded: 7, uploading: 1, queued: 1 })).view.status).toBe(
      '正在上传 2/4',
    );
    const mid = model.update(status({ uploaded: 8, failed: 1, uploading: 0, queued: 0 }));
    expect(mid.finished).toEqual({ uploaded: 3, failed: 1 });
    expect(mid.view).toMatchObject({ mode: 'errors', status: '1 个文件上传失败' });
    expect(actions(model)).toEqual(['show', 'retry', 'quit']);
    // The batch is reported once.
    expect(model.update(status({ uploaded: 8, failed: 1 })).finished).toBeNull();
  });

  it('says failures during a batch', () => {
    const model = createTrayModel();
    model.update(status({ queued: 4 }));
    expect(model.update(status({ uploaded: 1, failed: 1, queued: 2 })).view.status).toBe(
      '正在上传 1/4，1 个失败',
    );
  });

  it('shows a paused queue with resume, for the user or for a sign-out', () => {
    const model = createTrayModel();
    expect(model.update(status({ queued: 3 }, 'user')).view).toMatchObject({
      mode: 'paused',
      status: '上传已暂停，3 个文件等待上传',
      tooltip: '纹样 · 上传已暂停，3 个文件等待上传',
    });
    expect(actions(model)).toEqual(['show', 'resume', 'quit']);
    expect(model.update(status({ queued: 3 }, 'signed-out')).view.status).toBe(
      '已退出登录，登录后继续上传 3 个文件',
    );
  });

  it('does not count below zero when a folder and its files are removed mid-batch', () => {
    const model = createTrayModel();
    model.update(status({ uploaded: 10, queued: 2 }));
    const { view, finished } = model.update(status({ uploaded: 4 }));
    expect(view.mode).toBe('idle');
    expect(finished).toBeNull();
  });
});

describe('batchFinishedNotice', () => {
  it('says how many works were uploaded and how many failed', () => {
    expect(batchFinishedNotice({ uploaded: 12, failed: 0 })).toMatchObject({
      title: '上传完成',
      body: expect.stringMatching(/^12 个作品上传完成。/),
      openPath: '/user/myPattern/localUpload',
    });
    expect(batchFinishedNotice({ uploaded: 3, failed: 2 }).body).toMatch(
      /^3 个作品上传完成，2 个失败。/,
    );
    expect(batchFinishedNotice({ uploaded: 0, failed: 2 })).toMatchObject({
      title: '上传失败',
      body: expect.stringMatching(/^2 个失败。/),
    });
  });
});

describe('closeAction', () => {
  it('keeps the app in the tray only when the setting is on, a tray exists and the app is not quitting', () => {
    const base = { closeToTray: true, quitting: false, trayAvailable: true };
    expect(closeAction(base)).toBe('hide');
    expect(closeAction({ ...base, closeToTray: false })).toBe('close');
    expect(closeAction({ ...base, quitting: true })).toBe('close');
    expect(closeAction({ ...base, trayAvailable: false })).toBe('close');
  });
});

describe('trayIconBitmap', () => {
  it('draws the state’s colour on a transparent square', () => {
    const size = 32;
    for (const [mode, [r, g, b]] of [
      ['idle', [0x16, 0x77, 0xff]],
      ['errors', [0xf5, 0x22, 0x2d]],
    ] as const) {
      const pixels = trayIconBitmap(mode, size);
      expect(pixels.length).toBe(size * size * 4);
      // Just inside the edge, on the disc: BGRA of the colour, opaque.
      const at = (x: number, y: number) => [
        ...pixels.subarray((y * size + x) * 4, (y * size + x) * 4 + 4),
      ];
      expect(at(16, 2)).toEqual([b, g, r, 255]);
      // The corners stay transparent.
      expect(at(0, 0)[3]).toBe(0);
      expect(at(31, 31)[3]).toBe(0);
    }
    expect(trayIconBitmap('uploading')).not.toEqual(trayIconBitmap('paused'));
  });
});
