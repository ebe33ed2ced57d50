// Whole-file writes that a crash cannot tear: temp file, fsync, rename, fsync of the folder.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

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
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dirname(file));
}

export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)['code']
    : undefined;
}
