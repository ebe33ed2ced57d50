import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
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
  parseOriginalPath,
  sanitiseSavedName,
} from './save-file';

const ORIGINAL = Buffer.alloc(256 * 1024, 7);
let server: Server;
let serverUrl: string;
let seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let folder: string;
let storageDir: string;
let http: HttpClient;

function sendSlowly(res: ServerResponse, body: Buffer, parts: number, thenFail = false): void {
  res.setHeader('content-type', 'image/png');
  res.setHeader('content-length', String(body.length));
  const size = Math.ceil(body.length / parts);
  let at = 0;
  const next = () => {
    if (thenFail && at >= size * 2) {
      res.destroy();
      return;
    }
    if (at >= body.length) {
      res.end();
      return;
    }
    res.write(body.subarray(at, at + size));
    at += size;
    setTimeout(next, 5);
  };
  next();
}

// A stand-in for the marketplace server's /files/ route, speaking real HTTP on a random local port.
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    seen.push({ url, headers: req.headers });
    if (url.startsWith('/files/originals/ok.png')) {
      sendSlowly(res, ORIGINAL, 8);
    } else if (url.startsWith('/files/originals/breaks.png')) {
      sendSlowly(res, ORIGINAL, 8, true);
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
  folder = await mkdtemp(join(tmpdir(), 'wenyang-downloads-'));
  storageDir = await mkdtemp(join(tmpdir(), 'wenyang-jar-'));
  http = await createHttpClient({ serverUrl, storageDir });
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(storageDir, { recursive: true, force: true });
});

function saver(progress: DownloadProgress[] = [], intervalMs = 100) {
  return createFileSaver({
    http,
    folder: async () => folder,
    onProgress: (p) => progress.push(p),
    progressIntervalMs: intervalMs,
  });
}

const OK_PATH = '/files/originals/ok.png?expires=1&sig=abc&name=x.png';

describe('createFileSaver', () => {
  it('saves the original into the chosen folder with the session token, reporting progress', async () => {
    await http.request({ method: 'POST', path: '/sso/login', body: '{}' });
    const progress: DownloadProgress[] = [];
    const result = await saver(progress, 0).saveFile({ path: OK_PATH, fileName: '青花缠枝莲.png' });

    expect(result).toEqual({ ok: true, savedPath: join(folder, '青花缠枝莲.png') });
    expect(await readFile(join(folder, '青花缠枝莲.png'))).toEqual(ORIGINAL);
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
    await saver(progress, 60_000).saveFile({ path: OK_PATH, fileName: 'a.png' });
    expect(progress.map((p) => p.done)).toEqual([false, true]);
  });

  it('never overwrites: a second save is named (1), a third (2)', async () => {
    await writeFile(join(folder, '作品.png'), 'mine');
    const first = await saver().saveFile({ path: OK_PATH, fileName: '作品.png' });
    const second = await saver().saveFile({ path: OK_PATH, fileName: '作品.png' });
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
      const result = await saver().saveFile({ path, fileName: 'a.png' });
      expect(result).toEqual({ ok: false, message: SAVE_FILE_MSG.badLink });
    }
    expect(seen).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
  });

  it('writes inside the chosen folder only, whatever the name says', async () => {
    const result = await saver().saveFile({ path: OK_PATH, fileName: '../../etc/passwd' });
    expect(result).toEqual({ ok: true, savedPath: join(folder, '_.._etc_passwd.png') });
    expect(await readdir(folder)).toEqual(['_.._etc_passwd.png']);
  });

  it('says the server’s refusal and leaves nothing behind', async () => {
    const progress: DownloadProgress[] = [];
    const result = await saver(progress).saveFile({
      path: '/files/originals/expired.png?expires=1&sig=bad',
      fileName: 'a.png',
    });
    expect(result).toEqual({ ok: false, message: '文件不存在或链接已过期' });
    expect(progress.at(-1)).toMatchObject({ done: true, error: '文件不存在或链接已过期' });
    expect(await readdir(folder)).toEqual([]);
  });

  it('removes the partial file when the transfer breaks, and no file has the final name', async () => {
    const progress: DownloadProgress[] = [];
    const result = await saver(progress).saveFile({
      path: '/files/originals/breaks.png?sig=1',
      fileName: 'a.png',
    });
    expect(result.ok).toBe(false);
    expect(progress.at(-1)).toMatchObject({ done: true });
    expect(progress.at(-1)?.error).toBeTruthy();
    expect(await readdir(folder)).toEqual([]);
  });

  it('says the folder cannot be written to when it has gone', async () => {
    const gone = join(folder, 'unplugged');
    const result = await createFileSaver({
      http,
      folder: async () => gone,
      onProgress: () => undefined,
    }).saveFile({ path: OK_PATH, fileName: 'a.png' });
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
