import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  APP_START_URL,
  contentTypeOf,
  createAppProtocolHandler,
  resolveAppPath,
} from './app-protocol';

const PAGE = '<!doctype html><title>纹样</title>';
const SCRIPT = 'console.log("app")';
const POLICY = "default-src 'self'";

let base: string;
let rendererDir: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'wenyang-app-protocol-'));
  rendererDir = join(base, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), PAGE);
  await writeFile(join(rendererDir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(rendererDir, 'assets', 'index-abc123.css'), 'body{}');
  await writeFile(join(rendererDir, 'assets', '纹样.png'), 'png');
  await writeFile(join(base, 'secret.txt'), 'secret');
  handle = createAppProtocolHandler({ rendererDir, contentSecurityPolicy: POLICY });
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string, method = 'GET'): Promise<Response> =>
  handle(new Request(url, { method }));

describe('createAppProtocolHandler', () => {
  it('serves the page at app://wenyang/ with the CSP and no caching', async () => {
    const response = await get(APP_START_URL);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(PAGE);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(POLICY);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(APP_ORIGIN).toBe('app://wenyang');
  });

  it('serves built assets with their content type, ignoring query and fragment', async () => {
    const script = await get('app://wenyang/assets/index-abc123.js?v=1#x');
    expect(script.status).toBe(200);
    expect(await script.text()).toBe(SCRIPT);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('content-security-policy')).toBeNull();

    const style = await get('app://wenyang/assets/index-abc123.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves a file whose name is percent-encoded', async () => {
    const response = await get(`app://wenyang/assets/${encodeURIComponent('纹样.png')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('answers clean routes with the page, so the browser router can show them', async () => {
    for (const route of [
      'app://wenyang/works/12',
      'app://wenyang/enterprise/12.html',
      'app://wenyang/user/',
      'app://wenyang/search/picSearch?keyword=%E8%8A%B1',
    ]) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toBe(PAGE);
      expect(response.headers.get('content-security-policy')).toBe(POLICY);
    }
  });

  it('answers 404, not the page, for a missing script, style or asset', async () => {
    for (const url of [
      'app://wenyang/assets/index-gone.js',
      'app://wenyang/assets/chunk',
      'app://wenyang/missing.css',
      'app://wenyang/favicon.ico',
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const url of [
      'app://wenyang/../secret.txt',
      'app://wenyang/%2e%2e/secret.txt',
      'app://wenyang/..%2fsecret.txt',
      'app://wenyang/assets/..%5c..%5csecret.txt',
      'app://wenyang/%2E%2E/%2E%2E/secret.txt',
      `app://wenyang/${encodeURIComponent(join(base, 'secret.txt'))}`,
      'app://wenyang/C:%5Csecret.txt',
      'app://wenyang/index.html%00.js',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(await response.text()).not.toContain('secret');
    }
  });

  it('refuses malformed encoding, other hosts and writes', async () => {
    expect((await get('app://wenyang/%E0%A4%A')).status).toBe(400);
    expect((await get('app://evil/index.html')).status).toBe(404);
    const post = await get(APP_START_URL, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers HEAD with the headers only', async () => {
    const response = await get('app://wenyang/assets/index-abc123.js', 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SCRIPT.length));
    expect(await response.text()).toBe('');
  });
});

describe('resolveAppPath', () => {
  it('maps the root to index.html and a route to a fallback candidate', () => {
    expect(resolveAppPath('app://wenyang/', '/r')).toMatchObject({
      kind: 'file',
      filePath: join('/r', 'index.html'),
      spaFallback: false,
    });
    expect(resolveAppPath('app://wenyang/works/12', '/r')).toMatchObject({
      kind: 'file',
      spaFallback: true,
    });
    expect(resolveAppPath('app://wenyang/assets/x.js', '/r')).toMatchObject({
      kind: 'file',
      filePath: join('/r', 'assets', 'x.js'),
      spaFallback: false,
    });
  });

  it('refuses a file:// or http:// URL', () => {
    expect(resolveAppPath('file:///etc/passwd', '/r')).toMatchObject({ kind: 'refused' });
    expect(resolveAppPath('http://wenyang/', '/r')).toMatchObject({ kind: 'refused' });
  });
});

describe('contentTypeOf', () => {
  it('knows the build’s file types and treats the rest as bytes', () => {
    expect(contentTypeOf('a/b.WOFF2')).toBe('font/woff2');
    expect(contentTypeOf('a/b.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('a/b.exe')).toBe('application/octet-stream');
  });
});
