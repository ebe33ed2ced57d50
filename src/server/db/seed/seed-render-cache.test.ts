import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../platform/storage/local-storage';
import { SEED_RENDER_CACHE_ENV, memoBlobs, memoStored, svgToPng } from './seed-render-cache';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c33"/></svg>';

describe('the seed render cache', () => {
  let saved: string | undefined;
  let dir: string;
  beforeEach(() => {
    saved = process.env[SEED_RENDER_CACHE_ENV];
    dir = mkdtempSync(join(tmpdir(), 'wenyang-render-cache-test-'));
  });
  afterEach(() => {
    if (saved === undefined) delete process.env[SEED_RENDER_CACHE_ENV];
    else process.env[SEED_RENDER_CACHE_ENV] = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('draws every time when no folder is configured', async () => {
    delete process.env[SEED_RENDER_CACHE_ENV];
    let runs = 0;
    const compute = async () => ({ meta: ++runs, blobs: [Buffer.from('a')] });
    await memoBlobs('k', ['x'], compute);
    await memoBlobs('k', ['x'], compute);
    expect(runs).toBe(2);
  });

  it('reads back what the same inputs drew, and draws again for other inputs', async () => {
    process.env[SEED_RENDER_CACHE_ENV] = dir;
    let runs = 0;
    const compute = async () => ({
      meta: { run: ++runs },
      blobs: [Buffer.from('first'), Buffer.alloc(0), Buffer.from([0, 255, 7])],
    });
    const drawn = await memoBlobs('k', ['x', Buffer.from([1, 2])], compute);
    const again = await memoBlobs('k', ['x', Buffer.from([1, 2])], compute);
    expect(runs).toBe(1);
    expect(again.meta).toEqual({ run: 1 });
    expect(again.blobs.map((b) => [...b])).toEqual(drawn.blobs.map((b) => [...b]));
    await memoBlobs('k', ['x', Buffer.from([1, 3])], compute);
    await memoBlobs('other', ['x', Buffer.from([1, 2])], compute);
    expect(runs).toBe(3);
    // Complete files only: no temporary file is left behind.
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it('gives the same PNG bytes from the cache as drawn', async () => {
    delete process.env[SEED_RENDER_CACHE_ENV];
    const drawn = await svgToPng(SVG);
    process.env[SEED_RENDER_CACHE_ENV] = dir;
    const first = await svgToPng(SVG);
    const cached = await svgToPng(SVG);
    expect(first.equals(drawn)).toBe(true);
    expect(cached.equals(drawn)).toBe(true);
  });

  it('puts the same files again into another storage on a hit, and returns the same result', async () => {
    process.env[SEED_RENDER_CACHE_ENV] = dir;
    const one = createLocalStorage(join(dir, 'one'), 'secret-0123456789abcdef');
    const two = createLocalStorage(join(dir, 'two'), 'secret-0123456789abcdef');
    let runs = 0;
    const write = async (storage: typeof one) => {
      runs += 1;
      await storage.put('public/a.txt', Buffer.from('alpha'), 'text/plain');
      await storage.put('private/b.bin', Buffer.from([9, 8, 7]), 'application/octet-stream');
      return [{ key: 'public/a.txt', size: 5 }];
    };
    const first = await memoStored(one, 'files', ['p'], write);
    const second = await memoStored(two, 'files', ['p'], write);
    expect(runs).toBe(1);
    expect(second).toEqual(first);
    for (const storage of [one, two]) {
      expect((await storage.get('public/a.txt'))?.body.toString()).toBe('alpha');
      expect([...((await storage.get('private/b.bin'))?.body ?? [])]).toEqual([9, 8, 7]);
    }
  });
});
