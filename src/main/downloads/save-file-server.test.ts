// The resume of 下载原图 against the marketplace server's real /files/ route (Range, If-Range, ETag),
// listening on loopback; a relay in front of it cuts the first transfer short.
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
// An integration test: the main process's client against the server's real route (test code only).
// eslint-disable-next-line import-x/no-restricted-paths
import { buildTestApp, testDatabases } from '../../server/testing/test-app';
// eslint-disable-next-line import-x/no-restricted-paths
import type { TestApp } from '../../server/testing/test-app';
import { createHttpClient } from '../session/http-client';
import { SAVE_FILE_MSG, createFileSaver } from './save-file';

const [sqlite] = testDatabases();
const ORIGINAL = randomBytes(600_000);
const KEY = 'private/works/9/original.png';

let t: TestApp;
let relay: Server;
let relayUrl: string;
/** Bytes the relay lets through before cutting the connection; null passes everything. */
let cutAfter: number | null = null;
const ranges: (string | undefined)[] = [];
let base: string;

beforeAll(async () => {
  t = await buildTestApp(sqlite!);
  await t.deps.storage.put(KEY, ORIGINAL, 'image/png');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const target = t.app.server.address() as AddressInfo;
  relay = createServer((req, res) => {
    ranges.push(req.headers.range);
    const limit = cutAfter;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        let sent = 0;
        answer.on('data', (chunk: Buffer) => {
          if (limit !== null && sent + chunk.length > limit) {
            res.write(chunk.subarray(0, limit - sent));
            res.destroy();
            answer.destroy();
            return;
          }
          sent += chunk.length;
          res.write(chunk);
        });
        answer.on('end', () => res.end());
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  base = await mkdtemp(join(tmpdir(), 'wenyang-resume-server-'));
});

afterAll(async () => {
  relay?.closeAllConnections();
  if (relay) await new Promise<void>((resolve) => relay.close(() => resolve()));
  await t?.close();
  await rm(base, { recursive: true, force: true });
});

it('continues an interrupted original with the server’s 206 answer and checks its size', async () => {
  const folder = join(base, 'folder');
  const records = join(base, 'records');
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const http = await createHttpClient({ serverUrl: relayUrl, storageDir: join(base, 'jar') });
  const saver = () =>
    createFileSaver({
      http,
      folder: async () => folder,
      recordsDir: records,
      onProgress: () => undefined,
    });

  cutAfter = 250_000;
  const broken = await (
    await saver()
  ).saveFile({ path: t.deps.storage.signedUrl(KEY, 60), fileName: '原图.png' });
  expect(broken).toEqual({ ok: false, message: SAVE_FILE_MSG.network });

  // The next start: a new saver, a fresh signed link.
  cutAfter = null;
  const again = await saver();
  const [pending] = await again.pending();
  expect(pending?.etag).toMatch(/^"[^"]+"$/);
  const result = await again.saveFile({
    path: t.deps.storage.signedUrl(KEY, 60),
    fileName: '原图.png',
  });
  expect(result).toEqual({ ok: true, savedPath: join(folder, '原图.png') });
  expect((await readFile(join(folder, '原图.png'))).equals(ORIGINAL)).toBe(true);
  expect(ranges.at(-1)).toBe(`bytes=${pending?.received}-`);
  expect(await readdir(folder)).toEqual(['原图.png']);
});
