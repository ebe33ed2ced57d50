import { LRUCache } from 'lru-cache';

// A small in-process cache of derived values: entries live `ttlMs`, the least recently used go
// beyond `maxEntries` or `maxBytes` (lru-cache), and concurrent misses of one key share a single
// load. Never the only copy of anything: the database is, so a restart or a clear() only costs a
// recomputation. Bounding by bytes as well as entries keeps hostile keys or values from growing it.

export type TtlCache<V> = {
  /** The cached value, or the result of `load` (stored unless it throws). */
  getOrLoad: (key: string, load: () => Promise<V>) => Promise<V>;
  get: (key: string) => V | undefined;
  set: (key: string, value: V) => void;
  clear: () => void;
  readonly size: number;
  /** Approximate bytes held (keys and values as UTF-16 JSON). */
  readonly bytes: number;
};

/** Default byte budget of one cache: enough for thousands of result pages, far below the heap. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

type Entry<V> = { value: V; expires: number; size: number };

/** Approximate memory of a key and its value: JSON length in UTF-16 code units, two bytes each. */
export function approximateBytes(key: string, value: unknown): number {
  const json = JSON.stringify(value);
  return 2 * (key.length + (json === undefined ? 0 : json.length)) + 64;
}

export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  /** Largest total size in bytes (default DEFAULT_CACHE_BYTES); one entry may use at most 1/8. */
  maxBytes?: number;
  now: () => number;
}): TtlCache<V> {
  const maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
  const entries = new LRUCache<string, Entry<V>>({
    max: options.maxEntries,
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    sizeCalculation: (entry) => entry.size,
  });
  const loading = new Map<string, Promise<V>>();
  let generation = 0;
  const get = (key: string): V | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= options.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.value;
  };
  const set = (key: string, value: V): void => {
    // An entry larger than its share is not kept (lru-cache refuses it); the value is still answered.
    entries.set(key, {
      value,
      expires: options.now() + options.ttlMs,
      size: approximateBytes(key, value),
    });
  };
  return {
    get,
    set,
    getOrLoad: async (key, load) => {
      const hit = get(key);
      if (hit !== undefined) return hit;
      const pending = loading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const promise = load()
        .then((value) => {
          // A clear() during the load means the value may already be out of date.
          if (startedIn === generation) set(key, value);
          return value;
        })
        .finally(() => loading.delete(key));
      loading.set(key, promise);
      return promise;
    },
    clear: () => {
      generation += 1;
      entries.clear();
      loading.clear();
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
}
