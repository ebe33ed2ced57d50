// A small in-process cache of derived values: entries live `ttlMs`, the oldest go beyond `maxEntries`,
// and concurrent misses of one key share a single load. Never the only copy of anything: the
// database is, so a restart or a clear() only costs a recomputation.

export type TtlCache<V> = {
  /** The cached value, or the result of `load` (stored unless it throws). */
  getOrLoad: (key: string, load: () => Promise<V>) => Promise<V>;
  get: (key: string) => V | undefined;
  set: (key: string, value: V) => void;
  clear: () => void;
  readonly size: number;
};

export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now: () => number;
}): TtlCache<V> {
  const entries = new Map<string, { value: V; expires: number }>();
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
    entries.delete(key);
    entries.set(key, { value, expires: options.now() + options.ttlMs });
    // Maps keep insertion order: the first keys are the oldest.
    for (const oldest of entries.keys()) {
      if (entries.size <= options.maxEntries) break;
      entries.delete(oldest);
    }
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
  };
}
