import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COOKIE_JAR_FILE,
  createHttpClient,
  isSessionGoneResponse,
  parseHttpRequest,
  resolveServerPath,
} from './http-client';
import type { SessionGoneEvent } from './http-client';

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

let server: Server;
let serverUrl: string;
let seen: Seen[] = [];
let storageDir: string;

// A small stand-in for the marketplace server, speaking real HTTP on a random local port.
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      seen.push({ method: req.method ?? '', url, headers: req.headers, body });
      if (url === '/sso/login') {
        res.setHeader('set-cookie', [
          'token=tok-123; Path=/; HttpOnly',
          'refreshToken=ref-456; Path=/; HttpOnly',
          'expiration=1893456000000; Path=/',
        ]);
        res.end('{"code":1}');
      } else if (url === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
      } else if (url === '/gone') {
        res.setHeader('content-type', 'application/json');
        res.end('{"code":403,"msg":"登录已失效","data":null}');
      } else if (url === '/unauthorized') {
        res.statusCode = 401;
        res.end();
      } else if (url === '/api/missing') {
        res.statusCode = 404;
        res.end('{"code":404,"msg":"接口不存在","data":null}');
      } else if (url === '/files/original.png') {
        res.setHeader('content-type', 'image/png');
        res.write(Buffer.from([137, 80, 78, 71]));
        setTimeout(() => res.end(Buffer.from([13, 10, 26, 10])), 10);
      } else if (url === '/files/stalls.png') {
        res.setHeader('content-type', 'image/png');
        res.write(Buffer.from([137, 80]));
      } else if (url === '/redirect') {
        res.statusCode = 302;
        res.setHeader('location', 'http://127.0.0.1:9/elsewhere');
        res.end();
      } else {
        res.setHeader('content-type', 'application/json');
        res.setHeader('x-request-id', 'r-1');
        res.end(JSON.stringify({ code: 1, data: { echo: url } }));
      }
    });
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
  storageDir = await mkdtemp(join(tmpdir(), 'wenyang-jar-'));
});

afterEach(async () => {
  await rm(storageDir, { recursive: true, force: true });
});

function lastSeen(): Seen {
  const request = seen.at(-1);
  if (!request) throw new Error('the server saw no request');
  return request;
}

describe('createHttpClient', () => {
  it('returns status, headers and body of a server call', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    const response = await client.request({ method: 'GET', path: '/api/1.0.0/Home/Banner?x=1' });
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('r-1');
    expect(JSON.parse(response.body)).toEqual({
      code: 1,
      data: { echo: '/api/1.0.0/Home/Banner?x=1' },
    });
  });

  it('sends back the cookies the server set, and the token header taken from the token cookie', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    await client.request({ method: 'POST', path: '/sso/login', body: '{}' });
    await client.request({ method: 'POST', path: '/api/1.0.0/User/GetUserInfo', body: '{}' });
    const { headers } = lastSeen();
    expect(headers.cookie).toContain('token=tok-123');
    expect(headers.cookie).toContain('refreshToken=ref-456');
    expect(headers.token).toBe('tok-123');
  });

  it('sends no token header before login', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    await client.request({ method: 'GET', path: '/api/ping' });
    expect(lastSeen().headers.token).toBeUndefined();
    expect(lastSeen().headers.cookie).toBeUndefined();
  });

  it('keeps session cookies away from the renderer', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    const response = await client.request({ method: 'POST', path: '/sso/login', body: '{}' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('does not let the renderer forge the cookie or token header', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    await client.request({ method: 'POST', path: '/sso/login', body: '{}' });
    await client.request({
      method: 'GET',
      path: '/api/me',
      headers: { Token: 'forged', Cookie: 'token=forged', 'X-Client': 'desktop' },
    });
    const { headers } = lastSeen();
    expect(headers.token).toBe('tok-123');
    expect(headers.cookie).not.toContain('forged');
    expect(headers['x-client']).toBe('desktop');
  });

  it('sends a JSON body as JSON unless told otherwise', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    await client.request({ method: 'POST', path: '/api/works', body: '{"page":1}' });
    expect(lastSeen()).toMatchObject({ method: 'POST', body: '{"page":1}' });
    expect(lastSeen().headers['content-type']).toBe('application/json;charset=UTF-8');
  });

  it('stays signed in after a restart: the jar is saved and reloaded', async () => {
    const first = await createHttpClient({ serverUrl, storageDir });
    await first.request({ method: 'POST', path: '/sso/login', body: '{}' });
    await first.flush();

    const second = await createHttpClient({ serverUrl, storageDir });
    await second.request({ method: 'GET', path: '/api/me' });
    expect(lastSeen().headers.token).toBe('tok-123');
    expect(lastSeen().headers.cookie).toContain('refreshToken=ref-456');
  });

  it('writes the jar atomically, leaving no temp files behind', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    await Promise.all([
      client.request({ method: 'POST', path: '/sso/login', body: '{}' }),
      client.request({ method: 'POST', path: '/sso/login', body: '{}' }),
    ]);
    await client.flush();
    expect(await readdir(storageDir)).toEqual([COOKIE_JAR_FILE]);
    const saved: unknown = JSON.parse(await readFile(client.jarFile, 'utf8'));
    expect(saved).toMatchObject({ cookies: expect.any(Array) });
  });

  it('moves a corrupt jar aside and starts signed out instead of failing', async () => {
    await writeFile(join(storageDir, COOKIE_JAR_FILE), '{"cookies":[{"key":"tok', 'utf8');
    const recovered: string[] = [];
    const client = await createHttpClient({
      serverUrl,
      storageDir,
      onJarRecovered: (movedTo) => recovered.push(movedTo),
    });
    expect(recovered).toHaveLength(1);
    expect(await readFile(recovered[0] ?? '', 'utf8')).toBe('{"cookies":[{"key":"tok');

    await client.request({ method: 'GET', path: '/api/me' });
    expect(lastSeen().headers.cookie).toBeUndefined();

    await client.request({ method: 'POST', path: '/sso/login', body: '{}' });
    const again = await createHttpClient({ serverUrl, storageDir });
    await again.request({ method: 'GET', path: '/api/me' });
    expect(lastSeen().headers.token).toBe('tok-123');
  });

  it('treats valid JSON that is not a jar as corrupt', async () => {
    await writeFile(join(storageDir, COOKIE_JAR_FILE), '[1,2,3]', 'utf8');
    const recovered: string[] = [];
    await createHttpClient({ serverUrl, storageDir, onJarRecovered: (to) => recovered.push(to) });
    expect(recovered).toHaveLength(1);
  });

  it('refuses paths that could reach another origin, and sends nothing', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    for (const path of [
      'api/works',
      '//evil.example/steal',
      '/\\evil.example/steal',
      'http://evil.example/steal',
      `${serverUrl}/api/works`,
      '@evil.example/',
      '/api/works\r\nX-Injected: 1',
      '',
    ]) {
      await expect(client.request({ method: 'GET', path })).rejects.toThrow(/Request refused/);
    }
    expect(seen).toEqual([]);
  });

  it('reports a timeout when the server does not answer in time', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    await expect(client.request({ method: 'GET', path: '/slow', timeoutMs: 150 })).rejects.toThrow(
      /请求超时 \/ Request timed out after 150 ms: GET \/slow/,
    );
  });

  it('uses the default timeout of the client when the request names none', async () => {
    const client = await createHttpClient({ serverUrl, storageDir, defaultTimeoutMs: 100 });
    await expect(client.request({ method: 'GET', path: '/slow' })).rejects.toThrow(
      /timed out after 100 ms/,
    );
  });

  it('reports an unreachable server clearly', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const client = await createHttpClient({ serverUrl: deadUrl, storageDir });
    await expect(client.request({ method: 'GET', path: '/api/ping' })).rejects.toThrow(
      /无法连接服务器 \/ Could not reach the server/,
    );
  });

  it('returns a redirect instead of following it with the session to another host', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    const response = await client.request({ method: 'GET', path: '/redirect' });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('http://127.0.0.1:9/elsewhere');
  });
});

describe('onSessionGone', () => {
  it('is told, with the token the request carried, before a 401–405 body reaches the caller', async () => {
    const events: SessionGoneEvent[] = [];
    let finished = false;
    const client = await createHttpClient({
      serverUrl,
      storageDir,
      onSessionGone: async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(event);
        finished = true;
      },
    });
    await client.request({ method: 'POST', path: '/sso/login', body: '{}' });
    const response = await client.request({ method: 'GET', path: '/gone' });
    expect(finished).toBe(true);
    expect(events).toEqual([{ status: 200, path: '/gone', sentToken: 'tok-123' }]);
    expect(JSON.parse(response.body)).toMatchObject({ code: 403 });
  });

  it('is told about HTTP 401, but not about success or a wrong API path', async () => {
    const events: SessionGoneEvent[] = [];
    const client = await createHttpClient({
      serverUrl,
      storageDir,
      onSessionGone: (event) => void events.push(event),
    });
    await client.request({ method: 'GET', path: '/api/works' });
    await client.request({ method: 'GET', path: '/api/missing' });
    await client.request({ method: 'GET', path: '/unauthorized' });
    expect(events).toEqual([{ status: 401, path: '/unauthorized', sentToken: undefined }]);
  });

  it('still returns the response when the listener fails', async () => {
    const client = await createHttpClient({
      serverUrl,
      storageDir,
      onSessionGone: () => {
        throw new Error('listener broke');
      },
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await client.request({ method: 'GET', path: '/gone' });
      expect(response.status).toBe(200);
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('isSessionGoneResponse', () => {
  it('reads spec §8: HTTP 401 or body codes 401–405', () => {
    for (const code of [401, 402, 403, 404, 405]) {
      expect(isSessionGoneResponse(200, JSON.stringify({ code, msg: 'x' }))).toBe(true);
    }
    expect(isSessionGoneResponse(401, '')).toBe(true);
  });

  it('leaves everything else alone', () => {
    for (const body of [
      '{"code":1,"data":{"count":401}}',
      '{"code":400,"msg":"x"}',
      '{"code":406,"msg":"x"}',
      '{"code":"401"}',
      '{"code":404,"msg":"接口不存在"}',
      '{"code":401',
      '[{"code":401}]',
      'code 401',
    ]) {
      expect(isSessionGoneResponse(200, body)).toBe(false);
    }
    expect(isSessionGoneResponse(403, '<html>forbidden</html>')).toBe(false);
  });
});

describe('parseHttpRequest', () => {
  it('refuses what the bridge type does not allow', () => {
    for (const value of [
      null,
      'GET /',
      { method: 'PATCH', path: '/' },
      { method: 'GET', path: 1 },
      { method: 'GET', path: '/', headers: { a: 1 } },
      { method: 'GET', path: '/', body: '{}' },
      { method: 'POST', path: '/', body: { a: 1 } },
      { method: 'GET', path: '/', timeoutMs: -1 },
      { method: 'GET', path: '/', timeoutMs: Number.NaN },
    ]) {
      expect(() => parseHttpRequest(value)).toThrow(/Request refused/);
    }
  });
});

describe('resolveServerPath', () => {
  it('keeps a sub-path deployment inside its path', () => {
    expect(resolveServerPath('https://example.com/wenyang', '/api/x').href).toBe(
      'https://example.com/wenyang/api/x',
    );
    expect(() => resolveServerPath('https://example.com/wenyang', '/../admin')).toThrow(
      /leaves the server/,
    );
  });
});

describe('createHttpClient stream', () => {
  async function readAll(body: ReadableStream<Uint8Array>): Promise<number[]> {
    const bytes: number[] = [];
    for await (const chunk of body) bytes.push(...chunk);
    return bytes;
  }

  it('streams a binary body with the session token', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    await client.request({ method: 'POST', path: '/sso/login', body: '{}' });
    const response = await client.stream({ path: '/files/original.png' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body).not.toBeNull();
    expect(await readAll(response.body!)).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(lastSeen().headers.token).toBe('tok-123');
  });

  it('reads a JSON refusal as text and tells that the session is gone', async () => {
    const gone = vi.fn<(event: SessionGoneEvent) => void>();
    const client = await createHttpClient({ serverUrl, storageDir, onSessionGone: gone });
    const response = await client.stream({ path: '/gone' });
    expect(response.body).toBeNull();
    expect(JSON.parse(response.text)).toMatchObject({ code: 403 });
    expect(gone).toHaveBeenCalledOnce();
  });

  it('gives up a body that stalls longer than the timeout', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    const response = await client.stream({ path: '/files/stalls.png', timeoutMs: 200 });
    await expect(readAll(response.body!)).rejects.toThrow(/timed out/);
  });

  it('refuses a path that leaves the server', async () => {
    const client = await createHttpClient({ serverUrl, storageDir });
    await expect(client.stream({ path: '//evil.example/x' })).rejects.toThrow(/refused/);
  });
});
