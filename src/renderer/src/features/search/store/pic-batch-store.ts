import { create } from 'zustand';
import type { ImageSearchHit, SearchImage } from '@shared/contract/image-search';

// The files of a batch search (批量搜图) and how each one went. Module-level memory only: File
// objects cannot be serialised, so a reload starts a new batch.

export type PicBatchStatus = 'waiting' | 'searching' | 'done' | 'failed';

export type PicBatchRow = {
  id: string;
  file: File;
  name: string;
  /** Object URL of the file for the thumbnail; null where the browser cannot make one. */
  thumbUrl: string | null;
  status: PicBatchStatus;
  /** Why it failed (the §5 or server message). */
  message?: string;
  /** The best matches, 同款 first. */
  matches: ImageSearchHit[];
  /** The stored search image, to open all its results on /search/picSearch. */
  query?: SearchImage;
  total?: number;
  sameTotal?: number;
};

type PicBatchState = {
  rows: PicBatchRow[];
  /** A new batch: one waiting row per file. */
  start: (files: readonly File[]) => void;
  update: (id: string, patch: Partial<PicBatchRow>) => void;
  clear: () => void;
};

let nextId = 0;

const thumbnailOf = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

function release(rows: readonly PicBatchRow[]): void {
  for (const row of rows) if (row.thumbUrl) URL.revokeObjectURL(row.thumbUrl);
}

export const usePicBatchStore = create<PicBatchState>()((set, get) => ({
  rows: [],
  start: (files) => {
    release(get().rows);
    set({
      rows: files.map((file) => ({
        id: `pic-${(nextId += 1)}`,
        file,
        name: file.name,
        thumbUrl: thumbnailOf(file),
        status: 'waiting',
        matches: [],
      })),
    });
  },
  update: (id, patch) =>
    set((s) => ({ rows: s.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) })),
  clear: () => {
    release(get().rows);
    set({ rows: [] });
  },
}));
