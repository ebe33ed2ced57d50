import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';

const make = () =>
  createLocalStorage(mkdtempSync(join(tmpdir(), 'wenyang-storage-')), 'x'.repeat(32));

describe('local storage', () => {
  it('keeps what was put and forgets what was deleted', async () => {
    const storage = make();
    await storage.put('public/a/b.png', Buffer.from('png-bytes'), 'image/png');
    const got = await storage.get('public/a/b.png');
    expect(got?.body.toString()).toBe('png-bytes');
    expect(got?.contentType).toBe('image/png');
    expect(await storage.exists('public/a/b.png')).toBe(true);
    await storage.delete('public/a/b.png');
    expect(await storage.get('public/a/b.png')).toBeNull();
  });

  it('lists the folders under a prefix and removes a folder with everything in it', async () => {
    const storage = make();
    expect(await storage.listFolders('private/search/')).toEqual([]);
    await storage.put('private/search/2026-11-19/a.jpg', Buffer.from('a'), 'image/jpeg');
    await storage.put('private/search/2026-11-21/b.jpg', Buffer.from('b'), 'image/jpeg');
    expect((await storage.listFolders('private/search/')).sort()).toEqual([
      '2026-11-19',
      '2026-11-21',
    ]);
    await storage.deleteFolder('private/search/2026-11-19/');
    expect(await storage.exists('private/search/2026-11-19/a.jpg')).toBe(false);
    expect(await storage.exists('private/search/2026-11-21/b.jpg')).toBe(true);
    await expect(storage.deleteFolder('private/../')).rejects.toThrow();
    await expect(storage.listFolders('private')).rejects.toThrow();
  });

  it('refuses keys that try to leave the storage folder', async () => {
    const storage = make();
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(storage.get('/etc/passwd')).rejects.toThrow();
  });

  it('signs URLs that verify until they expire, and not for another key', () => {
    const storage = make();
    const url = new URL(storage.signedUrl('private/works/1/original.png', 60), 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig') ?? '';
    expect(storage.verify('private/works/1/original.png', expires, sig)).toBe(true);
    expect(storage.verify('private/works/2/original.png', expires, sig)).toBe(false);
    expect(storage.verify('private/works/1/original.png', expires, sig, (expires + 1) * 1000)).toBe(
      false,
    );
  });
});
