import { useEffect } from 'react';
import { MSG } from '@shared/messages';
import { uploadSearchImage } from '../api/image-search-upload';
import { prepareSearchFiles } from '../lib/image-upload-files';
import { useImageSearchStore } from '../store/image-search-store';
import type { PicBatchRow } from '../store/pic-batch-store';
import { usePicBatchStore } from '../store/pic-batch-store';

/** Searches at once: the server decodes two images at a time, so more would only queue there. */
export const PIC_BATCH_CONCURRENCY = 2;
/** Matches kept per file. */
export const PIC_BATCH_MATCHES = 3;

/** One file: checked and downsized, one search_image call, the best matches kept. */
async function searchRow(row: PicBatchRow): Promise<Partial<PicBatchRow>> {
  const [prepared] = await prepareSearchFiles([row.file]);
  if (!prepared?.ok) {
    return { status: 'failed', message: prepared?.message ?? MSG.operationFailed };
  }
  try {
    const { ignoreColor } = useImageSearchStore.getState().options;
    const result = await uploadSearchImage(prepared.file, { ignoreColor }, PIC_BATCH_MATCHES);
    return {
      status: 'done',
      matches: [...result.same, ...result.similar].slice(0, PIC_BATCH_MATCHES),
      query: result.query,
      total: result.total,
      sameTotal: result.sameTotal,
    };
  } catch (error) {
    return {
      status: 'failed',
      message: error instanceof Error ? error.message : MSG.operationFailed,
    };
  }
}

/**
 * Runs the batch while the page is open, two files at a time in order. Rows live in the module
 * store, so a search in flight still lands when the visitor looks at a work and comes back.
 */
export function usePicBatchRunner(): void {
  const rows = usePicBatchStore((s) => s.rows);
  useEffect(() => {
    // Fresh from the store, not the render's copy: a second run of the effect (Strict Mode) must
    // not start the same file twice.
    const { rows: current, update } = usePicBatchStore.getState();
    const running = current.filter((r) => r.status === 'searching').length;
    const next = current
      .filter((r) => r.status === 'waiting')
      .slice(0, Math.max(0, PIC_BATCH_CONCURRENCY - running));
    for (const row of next) {
      update(row.id, { status: 'searching' });
      void searchRow(row).then((patch) => update(row.id, patch));
    }
  }, [rows]);
}
