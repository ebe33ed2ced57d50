import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '@shared/constants';

const KEY = 'wenyang.chunkReloadAt';

/** How the page reloads; tests replace `reload` (jsdom cannot reload). */
export const pageReload = { reload: (): void => window.location.reload() };

/** Whether an error is a failed dynamic import (a deploy replaced the chunks under an open page). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/** Reloads the page for a chunk-load failure, at most once a minute (§8); returns whether it did. */
export function reloadForChunkError(
  now: number = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => pageReload.reload(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_MIN_INTERVAL_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Wraps a dynamic import so a chunk-load failure reloads the page instead of breaking it. */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && reloadForChunkError()) {
      // The page is reloading; never resolve so nothing renders a half-loaded route.
      return new Promise<T>(() => undefined);
    }
    throw error;
  }
}
