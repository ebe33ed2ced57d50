import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { PublishResult } from '@shared/contract/publishing';
import { checkPatternDimensions, checkPatternFile, fitBatch } from '@shared/rules/publishing';
import { saveDraft } from '../api/perfect-creation-pic';
import { uploadPatternFile } from '../../../api/upload-pattern-file';
import { readImageSize } from '../lib/image-size';
import type { WorkFormValues } from '../lib/work-form-values';
import { perfectInputOf, titleFromFileName } from '../lib/work-form-values';

// The web batch upload: up to 50 files, each checked, uploaded with progress and retried on its own;
// one submit turns them into drafts (or sends them to review) with shared metadata and per-row edits.

/** Files sent at the same time. */
export const BATCH_CONCURRENCY = 3;

export type BatchRowState =
  | 'invalid'
  | 'checking'
  | 'queued'
  | 'uploading'
  | 'uploaded'
  | 'upload-failed'
  | 'saving'
  | 'saved'
  | 'save-failed'
  | 'sent';

export type BatchRow = {
  key: string;
  file: File;
  name: string;
  size: number;
  /** Object URL for the thumbnail, or null when the browser cannot show the format. */
  preview: string | null;
  state: BatchRowState;
  progress: number;
  error: string | null;
  fileKey: string | null;
  workId: number | null;
  /** Per-row edits over the shared metadata. */
  title: string;
  priceYuan: number | null;
  categoryKid: number | null;
};

type Action =
  | { type: 'add'; rows: BatchRow[] }
  | { type: 'patch'; key: string; patch: Partial<BatchRow> }
  | { type: 'remove'; key: string }
  | { type: 'clear' };

function reducer(rows: BatchRow[], action: Action): BatchRow[] {
  switch (action.type) {
    case 'add':
      return [...rows, ...action.rows];
    case 'patch':
      return rows.map((r) => (r.key === action.key ? { ...r, ...action.patch } : r));
    case 'remove':
      return rows.filter((r) => r.key !== action.key);
    case 'clear':
      return [];
  }
}

let rowCounter = 0;

const previewOf = (file: File): string | null =>
  /\.(png|jpe?g|webp)$/i.test(file.name) && typeof URL.createObjectURL === 'function'
    ? URL.createObjectURL(file)
    : null;

/** A row may be turned into a work: its file is stored. */
export const isReady = (r: BatchRow) =>
  r.fileKey !== null &&
  (r.state === 'uploaded' || r.state === 'save-failed' || r.state === 'saved');

/** Keeps up to BATCH_CONCURRENCY files going, in the order they became ready. */
function createUploader(patch: (key: string, p: Partial<BatchRow>) => void) {
  let waiting: { key: string; file: File }[] = [];
  let active = 0;
  const pump = () => {
    while (active < BATCH_CONCURRENCY && waiting.length > 0) {
      const job = waiting.shift();
      if (!job) break;
      active += 1;
      patch(job.key, { state: 'uploading', progress: 0, error: null });
      uploadPatternFile(job.file, { onProgress: (progress) => patch(job.key, { progress }) })
        .then((stored) =>
          patch(job.key, { state: 'uploaded', progress: 1, fileKey: stored.fileKey }),
        )
        .catch((err: unknown) =>
          patch(job.key, {
            state: 'upload-failed',
            error: err instanceof Error ? err.message : '上传失败',
          }),
        )
        .finally(() => {
          active -= 1;
          pump();
        });
    }
  };
  return {
    enqueue: (key: string, file: File) => {
      patch(key, { state: 'queued', error: null, progress: 0 });
      waiting.push({ key, file });
      pump();
    },
    drop: (key?: string) => {
      waiting = key === undefined ? [] : waiting.filter((job) => job.key !== key);
    },
  };
}

export function useBatchQueue() {
  const [rows, dispatch] = useReducer(reducer, []);
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  const patch = useCallback(
    (key: string, p: Partial<BatchRow>) => dispatch({ type: 'patch', key, patch: p }),
    [],
  );

  const uploader = useMemo(() => createUploader(patch), [patch]);
  const enqueue = uploader.enqueue;

  const retry = useCallback(
    (key: string) => {
      const row = rowsRef.current.find((r) => r.key === key);
      if (row?.state === 'upload-failed') enqueue(key, row.file);
    },
    [enqueue],
  );

  /** Adds chosen files: §5 checks first (a failed one shows why and the rest go on). */
  const addFiles = useCallback(
    (files: readonly File[]): string | null => {
      const current = rowsRef.current.filter((r) => r.state !== 'invalid');
      const { accepted, message } = fitBatch(current.length, files.length);
      const names = new Set(rowsRef.current.map((r) => r.name));
      const added: BatchRow[] = [];
      for (const file of files.slice(0, accepted)) {
        const problem = checkPatternFile(file, names);
        names.add(file.name);
        rowCounter += 1;
        added.push({
          key: `row-${rowCounter}`,
          file,
          name: file.name,
          size: file.size,
          preview: problem ? null : previewOf(file),
          state: problem ? 'invalid' : 'checking',
          progress: 0,
          error: problem,
          fileKey: null,
          workId: null,
          title: titleFromFileName(file.name),
          priceYuan: null,
          categoryKid: null,
        });
      }
      dispatch({ type: 'add', rows: added });
      for (const row of added.filter((r) => r.state === 'checking')) {
        void readImageSize(row.file).then((size) => {
          const tooSmall = size ? checkPatternDimensions(size.width, size.height) : null;
          if (tooSmall) patch(row.key, { state: 'invalid', error: tooSmall });
          else enqueue(row.key, row.file);
        });
      }
      return message;
    },
    [patch, enqueue],
  );

  const remove = useCallback(
    (key: string) => {
      const row = rowsRef.current.find((r) => r.key === key);
      if (row?.preview) URL.revokeObjectURL(row.preview);
      uploader.drop(key);
      dispatch({ type: 'remove', key });
    },
    [uploader],
  );

  const clear = useCallback(() => {
    for (const r of rowsRef.current) if (r.preview) URL.revokeObjectURL(r.preview);
    uploader.drop();
    dispatch({ type: 'clear' });
  }, [uploader]);

  /**
   * Creates the drafts of every ready row (PerfectCreationPic is once per file, so a second submit
   * never doubles them), then optionally sends them to review. Returns how many made it.
   */
  const submit = useCallback(
    async (
      shared: Partial<WorkFormValues>,
      sendToReview: boolean,
      publish: (ids: number[]) => Promise<PublishResult[]>,
    ): Promise<{ saved: number; sent: number; failed: number }> => {
      const ready = rowsRef.current.filter(isReady);
      const saved: { key: string; workId: number }[] = [];
      let failed = 0;
      let index = 0;
      const worker = async () => {
        while (index < ready.length) {
          const row = ready[index++];
          if (!row?.fileKey) continue;
          patch(row.key, { state: 'saving', error: null });
          try {
            const values: Partial<WorkFormValues> = {
              ...shared,
              title: row.title,
              ...(row.priceYuan !== null ? { priceYuan: row.priceYuan } : {}),
              ...(row.categoryKid !== null ? { categoryKid: row.categoryKid } : {}),
            };
            const result = await saveDraft({ fileKey: row.fileKey, ...perfectInputOf(values) });
            patch(row.key, { state: 'saved', workId: result.work.id });
            saved.push({ key: row.key, workId: result.work.id });
          } catch (err) {
            failed += 1;
            patch(row.key, {
              state: 'save-failed',
              error: err instanceof Error ? err.message : '保存失败',
            });
          }
        }
      };
      await Promise.all(Array.from({ length: BATCH_CONCURRENCY }, worker));
      if (!sendToReview || saved.length === 0) return { saved: saved.length, sent: 0, failed };
      let sent = 0;
      for (let i = 0; i < saved.length; i += 50) {
        const chunk = saved.slice(i, i + 50);
        try {
          const results = await publish(chunk.map((s) => s.workId));
          for (const s of chunk) {
            const result = results.find((r) => r.id === s.workId);
            if (result?.ok) {
              sent += 1;
              patch(s.key, { state: 'sent', error: null });
            } else {
              failed += 1;
              patch(s.key, { error: `草稿已保存，未能提交审核：${result?.msg ?? '未知原因'}` });
            }
          }
        } catch (err) {
          failed += chunk.length;
          const text = err instanceof Error ? err.message : '提交失败';
          for (const s of chunk) patch(s.key, { error: `草稿已保存，未能提交审核：${text}` });
        }
      }
      return { saved: saved.length, sent, failed };
    },
    [patch],
  );

  return { rows, addFiles, retry, remove, clear, submit, patch };
}
