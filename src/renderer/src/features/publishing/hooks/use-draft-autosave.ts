import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditableWork } from '@shared/contract/publishing';
import { saveDraft } from '../api/perfect-creation-pic';
import type { DraftKey } from '../lib/draft-storage';
import { writeLocalDraft } from '../lib/draft-storage';
import type { WorkFormValues } from '../lib/work-form-values';
import { perfectInputOf } from '../lib/work-form-values';

/** Quiet time after the last keystroke before the draft is sent. */
export const AUTOSAVE_DELAY_MS = 1200;
/** After a failed save, the next attempt. */
export const AUTOSAVE_RETRY_MS = 10_000;

const LOCAL_ONLY = '已暂存在本机，上传图片后自动保存为草稿';
const LOCAL_STATUS: AutosaveStatus = { kind: 'local', message: LOCAL_ONLY };

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: number }
  | { kind: 'local'; message: string };

/**
 * Every change is kept in localStorage at once and sent to the server (PerfectCreationPic) after a
 * pause; a failed save keeps the local copy and tries again. Without a work id (no file yet) only the
 * local copy is kept.
 */
export function useDraftAutosave(workId: number | null, onSaved?: (work: EditableWork) => void) {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const latest = useRef<{ values: WorkFormValues; at: number } | null>(null);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<EditableWork | null> | null>(null);
  /** The latest send, for the retry timer it sets itself. */
  const sendRef = useRef<() => Promise<EditableWork | null>>(async () => null);
  const savedCallback = useRef(onSaved);
  useEffect(() => {
    savedCallback.current = onSaved;
  }, [onSaved]);
  const key: DraftKey = workId ?? 'new';

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const send = useCallback(async (): Promise<EditableWork | null> => {
    if (workId === null || !latest.current) return null;
    if (inFlight.current) await inFlight.current.catch(() => null);
    if (!dirty.current || !latest.current) return null;
    const { values, at } = latest.current;
    dirty.current = false;
    setStatus({ kind: 'saving' });
    const run = saveDraft({ id: workId, ...perfectInputOf(values) })
      .then((result) => {
        // Only the copy of what was sent is marked synced; newer typing stays unsynced.
        if (latest.current?.at === at)
          writeLocalDraft(workId, { values, savedAt: at, synced: true });
        setStatus({ kind: 'saved', at: Date.now() });
        savedCallback.current?.(result.work);
        return result.work;
      })
      .catch((err: unknown) => {
        dirty.current = true;
        const reason = err instanceof Error ? err.message : '网络异常';
        setStatus({
          kind: 'local',
          message: `保存失败（${reason}），内容已保留在本机，稍后自动重试`,
        });
        clearTimer();
        timer.current = setTimeout(
          () => void sendRef.current().catch(() => undefined),
          AUTOSAVE_RETRY_MS,
        );
        throw err;
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    return run;
  }, [workId]);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  /** Keeps the values locally now and on the server after a pause. */
  const schedule = useCallback(
    (values: WorkFormValues) => {
      const at = Date.now();
      latest.current = { values, at };
      dirty.current = true;
      writeLocalDraft(key, { values, savedAt: at, synced: false });
      if (workId === null) {
        // Same status object when nothing changed, so typing does not re-render the whole form.
        setStatus((prev) =>
          prev.kind === 'local' && prev.message === LOCAL_ONLY ? prev : LOCAL_STATUS,
        );
        return;
      }
      clearTimer();
      timer.current = setTimeout(() => void send().catch(() => undefined), AUTOSAVE_DELAY_MS);
    },
    [key, workId, send],
  );

  /** Saves what is pending now (before submitting for review); throws when the save fails. */
  const flush = useCallback(async () => {
    clearTimer();
    return send();
  }, [send]);

  // Leaving the page (or switching works) sends what is pending; the local copy is there anyway.
  useEffect(
    () => () => {
      clearTimer();
      if (dirty.current) void send().catch(() => undefined);
    },
    [send],
  );

  return { status, schedule, flush };
}
