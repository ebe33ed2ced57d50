import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DownloadProgress } from '../../shared/bridge';
import { createHttpClient } from '../session/http-client';
import type { HttpClient } from '../session/http-client';
import {
  PARTIAL_SUFFIX,
  SAVE_FILE_MSG,
  createFileSaver,
  parseContentRange,
  parseOriginalPath,
  sanitiseSavedName,
} from './save-file';

const ORIGINAL = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 7) % 256));
let server: Server;
let serverUrl: string;
let seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let folder: string;
let storageDir: string;
let recordsDir: string;
let http: HttpClient;
/** How the stand-in /files/ route behaves for the next requests. */
let files: { breakAfter: number | null; etag: string; ignoreRange: boolean };

function sendSlowly(
  res: ServerResponse,
  body: Buffer,
  parts: number,
  breakAfter: number | null = null,
): void {
  const size = Math.ceil(body.length / parts);
  let at = 0;
  const next = () => {
    if (breakAfter !== null && at >= breakAfter) {
      res.destroy();
      return;
    }
    if (at >= body.length) {
      res.end();
      return;
    }
    const end = Math.min(at + size, body.length, breakAfter ?? Infinity);
    res.write(body.subarray(at, end));
    at = end;
    setTimeout(next, 5);
  };
  next();
}

/** The /files/ route as the server answers it: one byte range per request, If-Range by ETag. */
function serveOriginal(req: IncomingMessage, res: ServerResponse, breakAfter: number | null): void {
  res.setHeader('content-type', 'image/png');
  res.setHeader('accept-ranges', 'bytes');
  res.setHeader('etag', files.etag);
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const ifRange = req.headers['if-range'];
  if (range && !files.ignoreRange && (ifRange === undefined || ifRange === files.etag)) {
    const start = Number(range[1]);
    if (start >= ORIGINAL.length) {
      res.statusCode = 416;
      res.setHeader('content-range', `bytes */${ORIGINAL.length}`);
      res.end();
      return;
    }
    res.statusCode = 206;
    res.setHeader('content-range', `bytes ${start}-${ORIGINAL.length - 1}/${ORIGINAL.length}`);
    res.setHeader('content-length', String(ORIGINAL.length - start));
    sendSlowly(res, ORIGINAL.subarray(start), 4, breakAfter);
    return;
  }
  res.setHeader('content-length', String(ORIGINAL.length));
  sendSlowly(res, ORIGINAL, 8, breakAfter);
}

// A stand-in for the marketplace server's /files/ route, speaking real HTTP on a random local port.
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    seen.push({ url, headers: req.headers });
    if (url.startsWith('/files/originals/ok.png')) {
      serveOriginal(req, res, null);
    } else if (url.startsWith('/files/originals/breaks.png')) {
      serveOriginal(req, res, files.breakAfter);
    } else if (url.startsWith('/api/1.0.0/User/GetUserImgAuth')) {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          code: 1,
          msg: '',
          data: { url: '/files/originals/breaks.png?expires=9&sig=fresh', fileName: 'a.png' },
        }),
      );
    } else if (url.startsWith('/sso/login')) {
      res.setHeader('set-cookie', ['token=tok-1; Path=/; HttpOnly']);
      res.end('{"code":1}');
    } else {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/json');
      res.end('{"code":404,"msg":"文件不存在或链接已过期","data":null}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  seen = [];
  files = { breakAfter: null, etag: '"v1"', ignoreRange: false };
  folder = await mkdtemp(join(tmpdir(), 'wenyang-downloads-'));
  storageDir = await mkdtemp(join(tmpdir(), 'wenyang-jar-'));
  recordsDir = await mkdtemp(join(tmpdir(), 'wenyang-records-'));
  http = await createHttpClient({ serverUrl, storageDir });
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(storageDir, { recursive: true, force: true });
  await rm(recordsDir, { recursive: true, force: true });
});

function saver(progress: DownloadProgress[] = [], intervalMs = 100, saved: string[] = []) {
  return createFileSaver({
    http,
    folder: async () => folder,
    recordsDir,
    onProgress: (p) => progress.push(p),
    onSaved: (path) => saved.push(path),
    progressIntervalMs: intervalMs,
    checkpointBytes: 1024 * 1024,
  });
}

const OK_PATH = '/files/originals/ok.png?expires=1&sig=abc&name=x.png';
const BREAKS_PATH = '/files/originals/breaks.png?expires=1&sig=old';

describe('createFileSaver', () => {
  it('saves the original into the chosen folder with the session token, reporting progress', async () => {
    await http.request({ method: 'POST', path: '/sso/login', body: '{}' });
    const progress: DownloadProgress[] = [];
    const result = await (
      await saver(progress, 0)
    ).saveFile({ path: OK_PATH, fileName: '青花缠枝莲.png' });

    expect(result).toEqual({ ok: true, savedPath: join(folder, '青花缠枝莲.png') });
    expect((await readFile(join(folder, '青花缠枝莲.png'))).equals(ORIGINAL)).toBe(true);
    expect(seen.at(-1)?.headers.token).toBe('tok-1');
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((p) => p.fileName === '青花缠枝莲.png')).toBe(true);
    expect(progress.at(-1)).toEqual({
      fileName: '青花缠枝莲.png',
      received: ORIGINAL.length,
      total: ORIGINAL.length,
      done: true,
    });
    const received = progress.map((p) => p.received);
    expect(received).toEqual([...received].sort((a, b) => a - b));
  });

  it('sends at most one progress event per interval, and always the last', async () => {
    const progress: DownloadProgress[] = [];
    await (await saver(progress, 60_000)).saveFile({ path: OK_PATH, fileName: 'a.png' });
    expect(progress.map((p) => p.done)).toEqual([false, true]);
  });

  it('never overwrites: a second save is named (1), a third (2)', async () => {
    await writeFile(join(folder, '作品.png'), 'mine');
    const first = await (await saver()).saveFile({ path: OK_PATH, fileName: '作品.png' });
    const second = await (await saver()).saveFile({ path: OK_PATH, fileName: '作品.png' });
    expect(first).toEqual({ ok: true, savedPath: join(folder, '作品 (1).png') });
    expect(second).toEqual({ ok: true, savedPath: join(folder, '作品 (2).png') });
    expect(await readFile(join(folder, '作品.png'), 'utf8')).toBe('mine');
  });

  it('refuses any path other than a signed /files/ link, fetching nothing', async () => {
    for (const path of [
      '/api/1.0.0/User/GetUserInfo',
      'http://evil.example/files/x.png',
      '//evil.example/files/x.png',
      '/files/../api/x',
      '/files/%2e%2e/secret',
      '/files/a\\b.png',
      42,
    ]) {
      const result = await (await saver()).saveFile({ path, fileName: 'a.png' });
      expect(result).toEqual({ ok: false, message: SAVE_FILE_MSG.badLink });
    }
    expect(seen).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
  });

  it('writes inside the chosen folder only, whatever the name says', async () => {
    const result = await (await saver()).saveFile({ path: OK_PATH, fileName: '../../etc/passwd' });
    expect(result).toEqual({ ok: true, savedPath: join(folder, '_.._etc_passwd.png') });
    expect(await readdir(folder)).toEqual(['_.._etc_passwd.png']);
  });

  it('says the server’s refusal and leaves nothing behind', async () => {
    const progress: DownloadProgress[] = [];
    const result = await (
      await saver(progress)
    ).saveFile({
      path: '/files/originals/expired.png?expires=1&sig=bad',
      fileName: 'a.png',
    });
    expect(result).toEqual({ ok: false, message: '文件不存在或链接已过期' });
    expect(progress.at(-1)).toMatchObject({ done: true, error: '文件不存在或链接已过期' });
    expect(await readdir(folder)).toEqual([]);
  });

  it('keeps what arrived when the transfer breaks, and no file has the final name', async () => {
    files.breakAfter = 100_000;
    const progress: DownloadProgress[] = [];
    const save = await saver(progress);
    const result = await save.saveFile({ path: BREAKS_PATH, fileName: 'a.png', workId: 12 });
    expect(result).toEqual({ ok: false, message: SAVE_FILE_MSG.network });
    expect(progress.at(-1)).toMatchObject({ done: true, error: SAVE_FILE_MSG.network });
    const names = await readdir(folder);
    expect(names).toHaveLength(1);
    expect(names[0]?.endsWith(PARTIAL_SUFFIX)).toBe(true);
    const [pending] = await save.pending();
    expect(pending).toMatchObject({
      key: '/files/originals/breaks.png',
      workId: 12,
      total: ORIGINAL.length,
      etag: '"v1"',
    });
    // Only fsynced bytes count; they are at most what arrived.
    expect(pending?.received).toBeGreaterThan(0);
    expect(pending?.received).toBeLessThanOrEqual(100_000);
  });

  it('says the folder cannot be written to when it has gone', async () => {
    const gone = join(folder, 'unplugged');
    const result = await (
      await createFileSaver({
        http,
        folder: async () => gone,
        recordsDir,
        onProgress: () => undefined,
      })
    ).saveFile({ path: OK_PATH, fileName: 'a.png' });
    expect(result).toEqual({ ok: false, message: SAVE_FILE_MSG.cannotWrite(gone) });
  });
});

describe('sanitiseSavedName', () => {
  it('drops separators, reserved and control characters and keeps .png', () => {
    expect(sanitiseSavedName('a/b\\c:d*e?f"g<h>i|j\u0001.png')).toBe('a_b_c_d_e_f_g_h_i_j_.png');
    expect(sanitiseSavedName('CON.png')).toBe('_CON.png');
    expect(sanitiseSavedName('作品.tif')).toBe('作品.tif.png');
    expect(sanitiseSavedName('...')).toBe('原图.png');
  });

  it('keeps names to 120 characters, extension included', () => {
    const name = sanitiseSavedName(`${'长'.repeat(300)}.png`);
    expect([...name].length).toBeLessThanOrEqual(120);
    expect(name.endsWith('.png')).toBe(true);
  });
});

describe('parseOriginalPath', () => {
  it('accepts the signed link GetUserImgAuth gives', () => {
    const path = '/files/originals/12/a.png?expires=1&sig=x&name=%E7%BA%B9.png';
    expect(parseOriginalPath(path)).toBe(path);
  });
});

it('names partial files so they are never taken for an original', () => {
  expect(PARTIAL_SUFFIX.endsWith('.png')).toBe(false);
});

describe('resuming an interrupted original', () => {
  async function interrupted(workId?: number) {
    files.breakAfter = 100_000;
    const first = await saver();
    const broken = await first.saveFile({
      path: BREAKS_PATH,
      fileName: '青花.png',
      ...(workId !== undefined && { workId }),
    });
    expect(broken.ok).toBe(false);
    files.breakAfter = null;
    const [pending] = await first.pending();
    return pending!;
  }

  it('continues with a Range request on the next try with a fresh link, and checks the size', async () => {
    const pending = await interrupted();
    const progress: DownloadProgress[] = [];
    const saved: string[] = [];
    const result = await (
      await saver(progress, 0, saved)
    ).saveFile({ path: '/files/originals/breaks.png?expires=2&sig=new', fileName: '青花.png' });
    expect(result).toEqual({ ok: true, savedPath: join(folder, '青花.png') });
    expect((await readFile(join(folder, '青花.png'))).equals(ORIGINAL)).toBe(true);
    expect(await readdir(folder)).toEqual(['青花.png']);
    expect(saved).toEqual([join(folder, '青花.png')]);
    const last = seen.at(-1)!;
    expect(last.url).toContain('sig=new');
    expect(last.headers.range).toBe(`bytes=${pending.received}-`);
    expect(last.headers['if-range']).toBe('"v1"');
    // Progress starts where the partial file ended.
    expect(progress[0]?.received).toBe(pending.received);
    expect(progress.at(-1)).toMatchObject({
      received: ORIGINAL.length,
      total: ORIGINAL.length,
      done: true,
    });
    expect(await (await saver()).pending()).toEqual([]);
  });

  it('after a restart, asks the server for a fresh signed link and continues by itself', async () => {
    const pending = await interrupted(12);
    const saved: string[] = [];
    // A new saver reads the records, as the app does at its next start.
    const results = await (await saver([], 100, saved)).resumePending();
    expect(results).toEqual([{ ok: true, savedPath: join(folder, '青花.png') }]);
    expect((await readFile(join(folder, '青花.png'))).equals(ORIGINAL)).toBe(true);
    const asked = seen.map((s) => s.url);
    expect(asked.at(-2)).toBe('/api/1.0.0/User/GetUserImgAuth');
    expect(seen.at(-1)?.headers.range).toBe(`bytes=${pending.received}-`);
  });

  it('starts over when the file changed on the server (If-Range) or the server ignores ranges', async () => {
    await interrupted();
    files.etag = '"v2"';
    const changed = await (await saver()).saveFile({ path: BREAKS_PATH, fileName: '青花.png' });
    expect(changed.ok).toBe(true);
    expect((await readFile(join(folder, '青花.png'))).equals(ORIGINAL)).toBe(true);

    await interrupted();
    files.ignoreRange = true;
    const whole = await (await saver()).saveFile({ path: BREAKS_PATH, fileName: '青花.png' });
    expect(whole).toEqual({ ok: true, savedPath: join(folder, '青花 (1).png') });
    expect((await readFile(join(folder, '青花 (1).png'))).equals(ORIGINAL)).toBe(true);
    expect((await readdir(folder)).filter((n) => n.endsWith(PARTIAL_SUFFIX))).toEqual([]);
  });

  it('never overwrites: the resumed original takes the next free name', async () => {
    await interrupted();
    await writeFile(join(folder, '青花.png'), 'mine');
    const result = await (await saver()).saveFile({ path: BREAKS_PATH, fileName: '青花.png' });
    expect(result).toEqual({ ok: true, savedPath: join(folder, '青花 (1).png') });
    expect(await readFile(join(folder, '青花.png'), 'utf8')).toBe('mine');
  });

  it('starts afresh when the partial file has gone, and refuses a second save of the same file at once', async () => {
    const pending = await interrupted();
    await rm(pending.partial);
    const save = await saver();
    const [a, b] = await Promise.all([
      save.saveFile({ path: BREAKS_PATH, fileName: '青花.png' }),
      save.saveFile({ path: BREAKS_PATH, fileName: '青花.png' }),
    ]);
    expect(a).toEqual({ ok: true, savedPath: join(folder, '青花.png') });
    expect(b).toEqual({ ok: false, message: SAVE_FILE_MSG.alreadySaving });
    expect(seen.at(-1)?.headers.range).toBeUndefined();
    expect((await readFile(join(folder, '青花.png'))).equals(ORIGINAL)).toBe(true);
  });
});

describe('parseContentRange', () => {
  it('reads one range of a known size and refuses the rest', () => {
    expect(parseContentRange('bytes 10-19/20')).toEqual({ start: 10, end: 19, total: 20 });
    for (const value of [
      undefined,
      '',
      'bytes */20',
      'bytes 10-9/20',
      'bytes 0-20/20',
      'bytes 1-2/*',
    ]) {
      expect(parseContentRange(value), String(value)).toBeNull();
    }
  });
});
