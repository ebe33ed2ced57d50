import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, sendSmsCode } from '@shared/contract/accounts';
import { UPLOAD_PATH, genPostPolicy } from '@shared/contract/uploads';
import type { UploadedFile } from '@shared/contract/uploads';
import { createS3Storage } from '../platform/storage/s3-storage';
import { startLoopbackS3 } from '../testing/loopback-s3';
import type { LoopbackS3 } from '../testing/loopback-s3';
import { patternPng } from '../testing/publishing-fixture';
import { buildTestApp, injectCall, testDatabases } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { redactUrl } from './log-redaction';

// The route reads no table: one database (SQLite) answers for it.
const [sqlite] = testDatabases();

describe('the /files/ route (local storage)', () => {
  let t: TestApp;
  const original = randomBytes(200_000);
  const originalKey = 'private/works/7/original.png';
  const previewKey = 'public/works/7/preview.webp';
  const preview = randomBytes(3000);

  beforeAll(async () => {
    t = await buildTestApp(sqlite!);
    await t.deps.storage.put(originalKey, original, 'image/png');
    await t.deps.storage.put(previewKey, preview, 'image/webp');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const signed = () => t.deps.storage.signedUrl(originalKey, 60);

  it('serves a public preview whole, cacheable for a year, with its length and tag', async () => {
    const res = await get(`/files/${previewKey}`, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(preview)).toBe(true);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(preview.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
  });

  it('refuses an original without a valid signature', async () => {
    expect((await get(`/files/${originalKey}`)).statusCode).toBe(404);
    expect((await get(`/files/${originalKey}?expires=9999999999&sig=forged`)).statusCode).toBe(404);
  });

  it('resumes a signed download from a byte offset with 206 and Content-Range', async () => {
    const whole = await get(signed());
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(original)).toBe(true);
    const etag = whole.headers.etag as string;

    const rest = await get(signed(), { range: 'bytes=150000-', 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 150000-199999/${original.length}`);
    expect(rest.headers['content-length']).toBe('50000');
    expect(rest.headers.etag).toBe(etag);
    expect(rest.rawPayload.equals(original.subarray(150_000))).toBe(true);
    // The first part and the resumed rest make the original.
    const first = await get(signed(), { range: 'bytes=0-149999' });
    expect(Buffer.concat([first.rawPayload, rest.rawPayload]).equals(original)).toBe(true);
  });

  it('serves a closed range and a suffix range', async () => {
    const middle = await get(signed(), { range: 'bytes=10-19' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 10-19/${original.length}`);
    expect(middle.rawPayload.equals(original.subarray(10, 20))).toBe(true);
    const tail = await get(signed(), { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(original.subarray(-100))).toBe(true);
    // An end past the file is cut to its last byte.
    const past = await get(signed(), { range: 'bytes=199990-999999' });
    expect(past.headers['content-range']).toBe(`bytes 199990-199999/${original.length}`);
    expect(past.rawPayload.length).toBe(10);
  });

  it('answers 416 with the size for a range past the end, and serves nothing of the file', async () => {
    const res = await get(signed(), { range: `bytes=${original.length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${original.length}`);
    expect(res.rawPayload.length).toBe(0);
    expect((await get(signed(), { range: 'bytes=-0' })).statusCode).toBe(416);
  });

  it('sends the whole file when If-Range names another version, or the range is malformed', async () => {
    const stale = await get(signed(), { range: 'bytes=100-', 'if-range': '"another-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(original)).toBe(true);
    for (const range of ['bytes=5-2', 'bytes=0-1,5-9', 'lines=1-2', 'bytes=x-']) {
      const res = await get(signed(), { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length, range).toBe(original.length);
    }
  });

  it('sends the whole file when it is replaced between its head and its bytes', async () => {
    const storage = t.deps.storage;
    const head = storage.head;
    // The head still names the version the client has; the bytes are already the new ones.
    storage.head = async (key) => {
      const found = await head(key);
      return found && { ...found, etag: '"the-old-version"' };
    };
    try {
      const res = await get(signed(), { range: 'bytes=100-', 'if-range': '"the-old-version"' });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(original)).toBe(true);
      expect(res.headers.etag).not.toBe('"the-old-version"');
    } finally {
      storage.head = head;
    }
  });

  it('answers 304 to a client that has the same version', async () => {
    const etag = (await get(`/files/${previewKey}`)).headers.etag as string;
    const res = await get(`/files/${previewKey}`, { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers HEAD with the length and tag but no bytes', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: signed() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(original.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
  });

  it('names a signed download when asked, and 404s a missing file', async () => {
    const res = await get(`${signed()}&name=${encodeURIComponent('青花 纹样.png')}`, {
      range: 'bytes=0-9',
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('青花 纹样.png')}`,
    );
    expect((await get('/files/public/works/404/none.webp')).statusCode).toBe(404);
    expect((await get('/files/public/works/404/none.webp', { range: 'bytes=0-' })).statusCode).toBe(
      404,
    );
  });
});

describe('the /files/ route over an S3-compatible bucket (STORAGE=s3)', () => {
  let s3: LoopbackS3;
  let t: TestApp;
  const previewKey = 'public/works/9/preview.webp';
  const preview = randomBytes(4000);

  beforeAll(async () => {
    s3 = await startLoopbackS3();
    const bucket = await s3.bucket('wenyang-app');
    t = await buildTestApp(sqlite!, {
      storage: () => createS3Storage(bucket, 'test-secret-0123456789abcdef'),
    });
    await t.deps.storage.put(previewKey, preview, 'image/webp');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  /** A new account through the sandbox SMS code, as a user signs up. */
  const signUp = async (phone: string) => {
    const sms = await injectCall<{ data: { sandboxCode?: string } }>(t.app, sendSmsCode, {
      phone,
      purpose: 'register',
    });
    const done = await injectCall<{ data: { login: { token: string } } }>(t.app, register, {
      phone,
      smsCode: sms.body.data.sandboxCode ?? '',
      password: 'files-route-test-1',
    });
    return done.body.data.login.token;
  };

  it('serves a public preview from the bucket, cacheable for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/files/${previewKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(preview)).toBe(true);
    expect(res.headers['content-length']).toBe(String(preview.length));
  });

  it('takes an upload into the bucket and resumes its signed download from an offset', async () => {
    const token = await signUp('16600000917');
    const policy = (
      await injectCall<{ rs: { policy: string; signature: string } }>(
        t.app,
        genPostPolicy,
        { upfilePath: 'creation', module: 'tuan' },
        { token },
      )
    ).body.rs;
    const png = await patternPng(31, 200);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `${UPLOAD_PATH}?policy=${policy.policy}&signature=${policy.signature}`,
      headers: { token, 'content-type': 'application/octet-stream' },
      payload: png,
    });
    const { fileKey } = uploaded.json<{ code: number; data: UploadedFile }>().data;
    expect(fileKey.startsWith('private/')).toBe(true);
    expect(await t.deps.storage.exists(fileKey)).toBe(true);

    const url = t.deps.storage.signedUrl(fileKey, 60);
    expect((await t.app.inject({ method: 'GET', url: `/files/${fileKey}` })).statusCode).toBe(404);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(png)).toBe(true);
    const etag = whole.headers.etag as string;
    const half = Math.floor(png.length / 2);
    const rest = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${half}-`, 'if-range': etag },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${half}-${png.length - 1}/${png.length}`);
    expect(Buffer.concat([whole.rawPayload.subarray(0, half), rest.rawPayload]).equals(png)).toBe(
      true,
    );
    const past = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${png.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${png.length}`);
  });

  it('sends public files to the CDN when S3_PUBLIC_BASE_URL is set, never private ones', async () => {
    const storage = t.deps.storage;
    await storage.put('private/works/9/original.png', preview, 'image/png');
    storage.publicBaseUrl = 'https://cdn.example.com/wenyang';
    try {
      const res = await t.app.inject({ method: 'GET', url: `/files/${previewKey}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://cdn.example.com/wenyang/${previewKey}`);
      const signed = await t.app.inject({
        method: 'GET',
        url: storage.signedUrl('private/works/9/original.png', 60),
      });
      expect(signed.statusCode).toBe(200);
      expect(signed.rawPayload.equals(preview)).toBe(true);
    } finally {
      storage.publicBaseUrl = undefined;
    }
  });
});

describe('request logs', () => {
  it('hide the signature of a signed file link', () => {
    const line = redactUrl('/files/private/works/1/original.png?expires=1700000000&sig=abcDEF-_1');
    expect(line).not.toContain('abcDEF');
    expect(line).toContain('expires=1700000000');
  });
});
