// Reads a queue item back from the journal: anything malformed is dropped rather than trusted.
import { UPLOAD_ITEM_STATES } from '../../shared/upload-queue';
import type { FolderDefaults, UploadItemState } from '../../shared/upload-queue';
import type { QueueRecord } from './queue';

const STATES: ReadonlySet<string> = new Set(UPLOAD_ITEM_STATES);

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function parseQueueRecord(value: unknown): QueueRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const id = str(v['id']);
  const folderId = str(v['folderId']);
  const path = str(v['path']);
  const state = str(v['state']);
  const size = num(v['size']);
  const mtimeMs = num(v['mtimeMs']);
  const seq = num(v['seq']);
  if (
    id === null ||
    folderId === null ||
    path === null ||
    state === null ||
    !STATES.has(state) ||
    size === null ||
    mtimeMs === null ||
    seq === null
  ) {
    return null;
  }
  const metadata = v['metadata'];
  const owner = v['owner'];
  return {
    id,
    // A row from before owners were recorded has none: the first account signed in claims it.
    owner: Number.isSafeInteger(owner) ? (owner as number) : null,
    folderId,
    path,
    name: str(v['name']) ?? path,
    size,
    mtimeMs,
    seq,
    state: state as UploadItemState,
    progress: num(v['progress']) ?? 0,
    attempts: num(v['attempts']) ?? 0,
    error: str(v['error']),
    retryAt: num(v['retryAt']),
    sha256: str(v['sha256']),
    fileKey: str(v['fileKey']),
    workId: num(v['workId']),
    sameAs: str(v['sameAs']),
    converted: v['converted'] === true,
    width: num(v['width']),
    height: num(v['height']),
    enqueuedAt: num(v['enqueuedAt']) ?? 0,
    updatedAt: num(v['updatedAt']) ?? 0,
    metadata:
      typeof metadata === 'object' && metadata !== null ? (metadata as FolderDefaults) : null,
    uploadedAt: num(v['uploadedAt']),
  };
}
