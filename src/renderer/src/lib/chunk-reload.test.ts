import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
};

describe('chunk-load failure', () => {
  it('recognises a failed dynamic import', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads the page at most once per minute', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForChunkError(1_000_000, storage, reload)).toBe(true);
    expect(reloadForChunkError(1_030_000, storage, reload)).toBe(false);
    expect(reloadForChunkError(1_061_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
