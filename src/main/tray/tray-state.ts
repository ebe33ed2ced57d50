// The tray icon's model (no Electron): what the upload queue is doing in one Chinese line, which
// menu entries apply, and when a batch of files has finished (for the system notification).
// tray.ts turns it into Electron's Tray and Menu.
import type { DesktopUploadQueueStatus } from '../../shared/bridge';

export type TrayMode = 'idle' | 'uploading' | 'paused' | 'errors';

export type TrayMenuAction = 'show' | 'pause' | 'resume' | 'retry' | 'quit';
export type TrayMenuEntry = { action: TrayMenuAction; label: string };

export type TrayView = {
  mode: TrayMode;
  /** One line for the tooltip and the menu's first (disabled) entry. */
  status: string;
  /** `纹样 · <status>`: the tray icon's tooltip. */
  tooltip: string;
  /** The menu's entries, in order. */
  menu: TrayMenuEntry[];
};

/** A batch: files that became active while the queue was idle, until none is left to do. */
export type FinishedBatch = { uploaded: number; failed: number };

export const TRAY_TEXT = {
  product: '纹样',
  show: '打开纹样',
  pause: '暂停上传',
  resume: '继续上传',
  retry: '重试失败的文件',
  quit: '退出纹样',
  idle: '没有正在上传的文件',
  uploading: (done: number, total: number) => `正在上传 ${done}/${total}`,
  failedInBatch: (failed: number) => `，${failed} 个失败`,
  pausedByUser: (waiting: number) => `上传已暂停，${waiting} 个文件等待上传`,
  pausedSignedOut: (waiting: number) => `已退出登录，登录后继续上传 ${waiting} 个文件`,
  errors: (failed: number) => `${failed} 个文件上传失败`,
} as const;

/** Files the queue still has to handle (waiting, being prepared, being sent). */
export function activeCount(status: DesktopUploadQueueStatus): number {
  const { queued, preparing, uploading } = status.totals;
  return queued + preparing + uploading;
}

export type TrayModel = {
  /** Feeds the queue's latest status; returns the view, and the batch that has just finished, if any. */
  update(status: DesktopUploadQueueStatus): { view: TrayView; finished: FinishedBatch | null };
  /** The view for the last status (idle before the first). */
  view(): TrayView;
};

type Baseline = { uploaded: number; failed: number };

function menuFor(mode: TrayMode, paused: boolean, failed: number): TrayMenuEntry[] {
  const entries: TrayMenuEntry[] = [{ action: 'show', label: TRAY_TEXT.show }];
  if (paused) entries.push({ action: 'resume', label: TRAY_TEXT.resume });
  else if (mode === 'uploading') entries.push({ action: 'pause', label: TRAY_TEXT.pause });
  if (failed > 0) entries.push({ action: 'retry', label: TRAY_TEXT.retry });
  entries.push({ action: 'quit', label: TRAY_TEXT.quit });
  return entries;
}

function viewOf(mode: TrayMode, status: string, paused: boolean, failed: number): TrayView {
  return {
    mode,
    status,
    tooltip: `${TRAY_TEXT.product} · ${status}`,
    menu: menuFor(mode, paused, failed),
  };
}

const IDLE_VIEW = viewOf('idle', TRAY_TEXT.idle, false, 0);

export function createTrayModel(): TrayModel {
  let batch: Baseline | null = null;
  let current = IDLE_VIEW;

  function update(status: DesktopUploadQueueStatus) {
    const { uploaded, failed } = status.totals;
    const active = activeCount(status);
    let finished: FinishedBatch | null = null;
    // Files removed with their folder lower the totals: a batch never counts below zero.
    const done = batch ? Math.max(0, uploaded - batch.uploaded) : 0;
    const failedInBatch = batch ? Math.max(0, failed - batch.failed) : 0;

    if (active > 0 && batch === null) batch = { uploaded, failed };
    else if (active === 0 && batch !== null) {
      if (done + failedInBatch > 0) finished = { uploaded: done, failed: failedInBatch };
      batch = null;
    }

    if (status.paused && active > 0) {
      const text =
        status.pauseReason === 'signed-out'
          ? TRAY_TEXT.pausedSignedOut(active)
          : TRAY_TEXT.pausedByUser(active);
      current = viewOf('paused', text, true, failed);
    } else if (active > 0) {
      const total = done + failedInBatch + active;
      const text =
        TRAY_TEXT.uploading(done, total) +
        (failedInBatch > 0 ? TRAY_TEXT.failedInBatch(failedInBatch) : '');
      current = viewOf('uploading', text, status.paused, failed);
    } else if (failed > 0) {
      current = viewOf('errors', TRAY_TEXT.errors(failed), status.paused, failed);
    } else {
      current = viewOf('idle', TRAY_TEXT.idle, status.paused, 0);
    }
    return { view: current, finished };
  }

  return { update, view: () => current };
}

/** What closing the app's last window does: hide it and keep uploading in the tray, or close it. */
export function closeAction(facts: {
  /** 关闭窗口时最小化到托盘. */
  closeToTray: boolean;
  /** The app is quitting (menu 退出, system shutdown, an update restart): windows really close. */
  quitting: boolean;
  /** Whether a tray icon exists (some Linux desktops have none). */
  trayAvailable: boolean;
}): 'hide' | 'close' {
  return facts.closeToTray && !facts.quitting && facts.trayAvailable ? 'hide' : 'close';
}
