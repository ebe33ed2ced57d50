import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('keeps a value for its time to live', async () => {
    let now = 0;
    const cache = createTtlCache<number>({ ttlMs: 100, maxEntries: 10, now: () => now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 99;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 100;
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('drops the oldest entries beyond its size', () => {
    const cache = createTtlCache<string>({ ttlMs: 1_000, maxEntries: 2, now: () => 0 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
    expect(cache.size).toBe(2);
  });

  it('shares one load between concurrent misses and does not keep failures', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 10, now: () => 0 });
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.getOrLoad('k', slow), cache.getOrLoad('k', slow)])).toEqual([
      1, 1,
    ]);
    await expect(cache.getOrLoad('bad', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cache.getOrLoad('bad', async () => 7)).toBe(7);
  });

  it('does not keep a value loaded across a clear', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 10, now: () => 0 });
    let release: (n: number) => void = () => undefined;
    const pending = cache.getOrLoad('k', () => new Promise<number>((r) => (release = r)));
    cache.clear();
    release(1);
    expect(await pending).toBe(1);
    expect(cache.get('k')).toBeUndefined();
  });
});

describe('ttl cache memory bound', () => {
  it('stays within its byte budget however large and many the keys are', () => {
    const cache = createTtlCache<string>({
      ttlMs: 60_000,
      maxEntries: 100_000,
      maxBytes: 1024 * 1024,
      now: () => 0,
    });
    const junk = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 2_000; i += 1) cache.set(`${junk}${i}`, junk);
    expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.size).toBeLessThan(2_000);
  });

  it('does not keep a single entry larger than an eighth of its budget', () => {
    const cache = createTtlCache<string>({
      ttlMs: 60_000,
      maxEntries: 10,
      maxBytes: 8 * 1024,
      now: () => 0,
    });
    cache.set('big', 'y'.repeat(4096));
    expect(cache.get('big')).toBeUndefined();
    cache.set('small', 'z');
    expect(cache.get('small')).toBe('z');
  });
});
