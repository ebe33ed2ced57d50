import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDesktopReleases } from '@shared/contract/desktop-releases';
import type { DesktopRelease } from '@shared/contract/desktop-releases';
import { buildTestApp, injectCall, testDatabases } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { readRanges } from '../../platform/storage/byte-range';
import { createDigestCache } from './file-digest';
import { isOlderBlockMap, parseReleaseFeed } from './release-feed';
import { createReleaseFolder } from './release-folder';

// The release folder as electron-builder leaves it: latest*.yml feeds, installers, block maps.

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');

type Artifact = { name: string; data: Buffer };

/** Writes a feed the way electron-builder does (version, files, path, sha512, releaseDate). */
function writeFeed(
  dir: string,
  feedName: string,
  version: string,
  artifacts: Artifact[],
  extra: Record<string, unknown> = {},
) {
  for (const a of artifacts) writeFileSync(join(dir, a.name), a.data);
  const [main] = artifacts;
  writeFileSync(
    join(dir, feedName),
    dump({
      version,
      files: artifacts.map((a) => ({ url: a.name, sha512: sha512(a.data), size: a.data.length })),
      path: main?.name,
      sha512: main ? sha512(main.data) : undefined,
      releaseDate: '2026-11-20T08:30:00.000Z',
      ...extra,
    }),
  );
}

function releaseFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'wenyang-releases-'));
  const exe = { name: 'wenyang-setup-1.2.0.exe', data: randomBytes(70_000) };
  const dmg = { name: 'wenyang-1.2.0-x64.dmg', data: randomBytes(50_000) };
  const zip = { name: 'wenyang-1.2.0-x64-mac.zip', data: randomBytes(40_000) };
  const appImage = { name: 'wenyang-1.2.0-x86_64.AppImage', data: randomBytes(60_000) };
  writeFeed(dir, 'latest.yml', '1.2.0', [exe], {
    releaseNotes: '修复了上传队列在断网后的重试',
  });
  writeFeed(dir, 'latest-mac.yml', '1.2.0', [zip, dmg], {
    releaseNotes: [{ version: '1.2.0', note: '支持深色模式' }],
  });
  writeFeed(dir, 'latest-linux.yml', '1.2.0', [appImage]);
  writeFileSync(join(dir, `${exe.name}.blockmap`), randomBytes(300));
  // An older build's block map (differential download) and files nobody listed.
  writeFileSync(join(dir, 'wenyang-setup-1.1.0.exe.blockmap'), randomBytes(200));
  writeFileSync(join(dir, 'notes-draft.txt'), 'not for the public');
  writeFileSync(join(dir, 'wenyang-setup-1.1.0.exe'), randomBytes(100));
  return { dir, exe, dmg, zip, appImage };
}

const silentLog = () => ({ warn: vi.fn() });

describe('release feeds', () => {
  it('reads an electron-builder feed and refuses a version that is not semver', () => {
    const text = dump({
      version: '1.2.0',
      files: [{ url: 'a.exe', sha512: sha512(Buffer.from('a')), size: 1 }],
      releaseDate: '2026-11-20T08:30:00.000Z',
    });
    expect(parseReleaseFeed(text)).toMatchObject({ version: '1.2.0', releaseNotes: '' });
    expect(() => parseReleaseFeed(text.replace('1.2.0', 'latest'))).toThrow(/semver/);
    expect(() => parseReleaseFeed(text.replace('a.exe', '../a.exe'))).toThrow(/not a name/);
    expect(() => parseReleaseFeed('version: [')).toThrow(/YAML/);
  });

  it('knows an older build’s block map from any other name', () => {
    const file = { url: 'wenyang-setup-1.2.0.exe', sha512: '', size: 1 };
    expect(isOlderBlockMap('wenyang-setup-1.1.0.exe.blockmap', file, '1.2.0')).toBe(true);
    expect(isOlderBlockMap('wenyang-setup-1.1.0-beta.1.exe.blockmap', file, '1.2.0')).toBe(true);
    expect(isOlderBlockMap('wenyang-setup-secret.exe.blockmap', file, '1.2.0')).toBe(false);
    expect(isOlderBlockMap('other-1.1.0.exe.blockmap', file, '1.2.0')).toBe(false);
  });

  it('reads several ranges in the order asked and ignores malformed ones', () => {
    expect(readRanges('bytes=0-9', 100)).toEqual({
      kind: 'partial',
      ranges: [{ start: 0, end: 9 }],
    });
    expect(readRanges('bytes=50-59, 0-4, -5', 100)).toEqual({
      kind: 'partial',
      ranges: [
        { start: 50, end: 59 },
        { start: 0, end: 4 },
        { start: 95, end: 99 },
      ],
    });
    expect(readRanges('bytes=200-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(readRanges('bytes=9-1', 100)).toEqual({ kind: 'whole' });
    expect(readRanges('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(readRanges('bytes=0-99, 0-99, 0-99', 100)).toEqual({ kind: 'whole' });
  });
});

describe('release folder', () => {
  it('hashes an installer once until it changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wenyang-digest-'));
    const file = join(dir, 'a.exe');
    const data = randomBytes(3 * 1024 * 1024 + 5);
    writeFileSync(file, data);
    const cache = createDigestCache();
    const [first, second] = await Promise.all([cache.digest(file), cache.digest(file)]);
    expect(first.sha256).toBe(sha256(data));
    expect(first.sha512).toBe(sha512(data));
    expect(second).toEqual(first);
    await cache.digest(file);
    expect(cache.hashed).toBe(1);
    const changed = Buffer.concat([data, Buffer.from('x')]);
    writeFileSync(file, changed);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await cache.digest(file)).sha256).toBe(sha256(changed));
    expect(cache.hashed).toBe(2);
  });

  it('does not offer an installer that differs from its feed, and says why in the log', async () => {
    const { dir, appImage } = releaseFolder();
    writeFileSync(join(dir, appImage.name), Buffer.alloc(appImage.data.length, 1));
    const log = silentLog();
    const folder = createReleaseFolder(dir, log);
    const platforms = (await folder.releases()).map((r) => r.platform);
    expect(platforms.sort()).toEqual(['mac', 'windows']);
    expect(log.warn).toHaveBeenCalledWith(
      expect.anything(),
      expect.stringMatching(/latest-linux\.yml 1\.2\.0 not offered: .*sha512/),
    );
  });

  it('offers nothing and serves nothing when unset, empty or holding a broken feed', async () => {
    const unset = createReleaseFolder(null, silentLog());
    expect(await unset.releases()).toEqual([]);
    expect(await unset.servedFile('latest.yml')).toBeNull();
    const dir = mkdtempSync(join(tmpdir(), 'wenyang-releases-'));
    const empty = createReleaseFolder(dir, silentLog());
    expect(await empty.releases()).toEqual([]);
    writeFileSync(join(dir, 'latest.yml'), 'version: 1.0.0\nfiles: []\n');
    expect(await empty.releases()).toEqual([]);
    expect(await empty.servedFile('latest.yml')).toBeNull();
  });
});

describe('desktop releases served by the marketplace', () => {
  let t: TestApp;
  let bare: TestApp;
  let folder: ReturnType<typeof releaseFolder>;
  const database = testDatabases()[0]!;

  beforeAll(async () => {
    folder = releaseFolder();
    [t, bare] = await Promise.all([
      buildTestApp(database, { desktopReleasesDir: folder.dir }),
      buildTestApp(database),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), bare?.close()]);
  });

  const list = async (app: TestApp) => {
    const res = await injectCall<{ code: number; data: { releases: DesktopRelease[] } }>(
      app.app,
      getDesktopReleases,
      {},
    );
    expect(res.body.code).toBe(1);
    return res.body.data.releases;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('lists each system’s installer with version, size, date, SHA-256 and notes', async () => {
    const releases = await list(t);
    const byPlatform = Object.fromEntries(releases.map((r) => [r.platform, r]));
    expect(byPlatform.windows).toEqual({
      platform: 'windows',
      fileName: folder.exe.name,
      version: '1.2.0',
      size: folder.exe.data.length,
      releaseDate: '2026-11-20T08:30:00.000Z',
      sha256: sha256(folder.exe.data),
      downloadUrl: `/desktop/releases/${folder.exe.name}`,
      releaseNotes: '修复了上传队列在断网后的重试',
    });
    expect(byPlatform.mac).toMatchObject({
      fileName: folder.dmg.name,
      sha256: sha256(folder.dmg.data),
      releaseNotes: '1.2.0\n支持深色模式',
    });
    expect(byPlatform.linux).toMatchObject({
      fileName: folder.appImage.name,
      sha256: sha256(folder.appImage.data),
    });
  });

  it('serves the feed uncached and the installer whole, cached by name, matching its SHA-256', async () => {
    const feed = await get('/desktop/releases/latest.yml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toBe('no-cache');
    expect(parseReleaseFeed(feed.body).version).toBe('1.2.0');

    const exe = await get(`/desktop/releases/${folder.exe.name}`);
    expect(exe.statusCode).toBe(200);
    expect(exe.headers['content-length']).toBe(String(folder.exe.data.length));
    expect(exe.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(exe.headers['accept-ranges']).toBe('bytes');
    expect(exe.headers['content-disposition']).toContain(folder.exe.name);
    expect(sha256(exe.rawPayload)).toBe(sha256(folder.exe.data));

    const again = await get(`/desktop/releases/${folder.exe.name}`, {
      'if-none-match': String(exe.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/desktop/releases/${folder.exe.name}`,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(folder.exe.data.length));
    expect(head.rawPayload.length).toBe(0);
    for (const name of [folder.zip.name, `${folder.exe.name}.blockmap`, 'latest-mac.yml']) {
      expect((await get(`/desktop/releases/${name}`)).statusCode).toBe(200);
    }
  });

  it('answers byte ranges as electron-updater asks for them', async () => {
    const data = folder.exe.data;
    const url = `/desktop/releases/${folder.exe.name}`;
    const one = await get(url, { range: 'bytes=100-199' });
    expect(one.statusCode).toBe(206);
    expect(one.headers['content-range']).toBe(`bytes 100-199/${data.length}`);
    expect(one.headers['content-length']).toBe('100');
    expect(one.rawPayload.equals(data.subarray(100, 200))).toBe(true);

    const tail = await get(url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(data.subarray(data.length - 10))).toBe(true);

    expect((await get(url, { range: `bytes=${data.length}-` })).statusCode).toBe(416);
    // The file changed since the client's copy: the whole file.
    const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);

    const many = await get(url, { range: 'bytes=5000-5099, 10-19, 60000-60009' });
    expect(many.statusCode).toBe(206);
    const boundary = /boundary=(\S+)$/.exec(String(many.headers['content-type']))?.[1];
    expect(boundary).toBeTruthy();
    expect(many.headers['content-length']).toBe(String(many.rawPayload.length));
    const body = many.rawPayload.toString('latin1');
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, ''));
    expect(parts.map((p) => Buffer.from(p, 'latin1'))).toEqual([
      data.subarray(5000, 5100),
      data.subarray(10, 20),
      data.subarray(60000, 60010),
    ]);
    expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });

  it('serves nothing the feeds do not list, however the name is written', async () => {
    expect((await get('/desktop/releases/wenyang-setup-1.1.0.exe.blockmap')).statusCode).toBe(200);
    for (const url of [
      '/desktop/releases/notes-draft.txt',
      '/desktop/releases/wenyang-setup-1.1.0.exe',
      '/desktop/releases/..%2F..%2Fetc%2Fpasswd',
      '/desktop/releases/%2e%2e%2fnotes-draft.txt',
      '/desktop/releases/..%5Cnotes-draft.txt',
      '/desktop/releases/.latest.yml',
      '/desktop/releases/latest-linux-arm64.yml',
      '/desktop/releases/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('not for the public');
    }
  });

  it('has nothing to offer when no release folder is configured', async () => {
    expect(await list(bare)).toEqual([]);
    const res = await bare.app.inject({ method: 'GET', url: '/desktop/releases/latest.yml' });
    expect(res.statusCode).toBe(404);
  });
});
