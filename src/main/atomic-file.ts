// Whole-file writes that a crash cannot tear (the upload journal, watched folders, the cookie jar):
// write-file-atomic writes a temp file, fsyncs it and renames it over the old one; the folder is
// then fsynced too, so the rename itself survives a power cut.
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/** Makes a rename in `dir` durable; folders cannot be opened for sync on Windows, which is fine there. */
export async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows (EPERM/EISDIR) and some network file systems: the rename is as durable as they allow.
  } finally {
    await handle?.close();
  }
}

/** Writes `data` to `file` so that after a crash the file holds either the old or the new content. */
export async function writeFileAtomically(file: string, data: string | Uint8Array): Promise<void> {
  await writeFileAtomic(file, typeof data === 'string' ? data : Buffer.from(data), {
    mode: 0o600,
    fsync: true,
  });
  await syncFolder(dirname(file));
}

export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)['code']
    : undefined;
}
