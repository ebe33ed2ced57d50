// Types of the desktop's watched-folder batch upload, as the renderer sees them over the bridge.
// Pure TypeScript: the main process implements them (src/main/uploads), the renderer shows them.
import { WORK_LIMITS } from './rules/publishing';

/** Metadata every file of a watched folder gets when its draft work is created. */
export type FolderDefaults = {
  /** Category (kid of Support/GetCategory), or null while not chosen. */
  categoryId: number | null;
  /** Title of the designer's series the works join; empty for none. */
  series: string;
  /** The designer's own classification (自定义分类); empty for none. */
  classification: string;
  /** Licence price in integer fen; null while not set (the form edits yuan). */
  priceFen: number | null;
  tags: string[];
};

export const EMPTY_FOLDER_DEFAULTS: FolderDefaults = {
  categoryId: null,
  series: '',
  classification: '',
  priceFen: null,
  tags: [],
};

/** A folder's metadata obeys the limits of a work (the draft is made with it). */
export const FOLDER_TAGS_MAX = WORK_LIMITS.tagsMax;
export const FOLDER_TAG_MAX_LENGTH = WORK_LIMITS.tagMax;
export const FOLDER_SERIES_MAX_LENGTH = WORK_LIMITS.seriesTitleMax;
export const FOLDER_CLASSIFICATION_MAX_LENGTH = WORK_LIMITS.classifyNameMax;
export const FOLDER_PRICE_MAX_FEN = WORK_LIMITS.priceMaxFen;

export type WatchedFolder = {
  /** Short URL-safe id; the page's `groupID`. */
  id: string;
  /** Absolute path on this computer. */
  path: string;
  /** Last part of the path, for display. */
  name: string;
  defaults: FolderDefaults;
  /** ms since the epoch. */
  addedAt: number;
  /** Why the folder cannot be watched right now (moved, deleted, no permission), else null. */
  problem: string | null;
};

/**
 * queued → preparing → uploading → uploaded | failed. A waiting retry is `queued` with `retryAt`.
 * `uploading` covers sending the bytes and then making the draft work; `uploaded` means both are done.
 */
export const UPLOAD_ITEM_STATES = [
  'queued',
  'preparing',
  'uploading',
  'uploaded',
  'failed',
] as const;
export type UploadItemState = (typeof UPLOAD_ITEM_STATES)[number];

export type UploadQueueItem = {
  id: string;
  folderId: string;
  /** Absolute path of the file. */
  path: string;
  /** Path inside the watched folder, for display. */
  name: string;
  /** Size in bytes when the file was seen. */
  size: number;
  state: UploadItemState;
  /** 0…1 while uploading; 1 once uploaded. */
  progress: number;
  /** Failed attempts so far (network and server errors are retried). */
  attempts: number;
  /** The last error in Chinese: the server's message for a refused file. */
  error: string | null;
  /** When the next automatic attempt starts (ms since the epoch), if one is waiting. */
  retryAt: number | null;
  /** sha256 of the file's bytes, once read. */
  sha256: string | null;
  /** Storage key on the server, once uploaded. */
  fileKey: string | null;
  /** The draft work made from the file with the folder's metadata (PerfectCreationPic), once made. */
  workId: number | null;
  /** Set when the same bytes had already been uploaded (under another name, or before a change). */
  sameAs: string | null;
  /** A resized sRGB copy was uploaded because the original exceeded the limits. */
  converted: boolean;
  width: number | null;
  height: number | null;
  /** ms since the epoch. */
  enqueuedAt: number;
  updatedAt: number;
};

export type UploadQueueTotals = Record<UploadItemState, number> & {
  total: number;
  /** Bytes sent over the last few seconds, per second. */
  bytesPerSecond: number;
  /** Files finished over the last minute. */
  filesPerMinute: number;
};

export type UploadPauseReason = 'user' | 'signed-out';

export type UploadQueueStatus = {
  paused: boolean;
  /** Why the queue waits: the user paused it, or the session is gone (it resumes after login). */
  pauseReason: UploadPauseReason | null;
  totals: UploadQueueTotals;
};

export type UploadQueueSnapshot = UploadQueueStatus & {
  /** Oldest first. */
  items: UploadQueueItem[];
};

/** A live update: items changed since the last one. `reset` asks the page to read the whole queue again. */
export type UploadQueueChange = UploadQueueStatus & {
  changed: UploadQueueItem[];
  removed: string[];
  reset: boolean;
};

/** `retry` target: one failed item by id, or every failed item. */
export type UploadRetryTarget = string;
export const RETRY_ALL_FAILED = 'all';
