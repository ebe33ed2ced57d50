import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginPayload } from '@shared/contract/accounts';
import { login } from '@shared/contract/accounts';
import { UPLOAD_PATH, genPostPolicy } from '@shared/contract/uploads';
import type { UploadPolicy } from '@shared/contract/uploads';
import { DEMO_PASSWORD } from '../../db/seed/demo-catalogue';
import { seedDemo } from '../../db/seed/seed-demo';
import { buildTestApp, testDatabases } from '../../testing/test-app';
import type { TestApp } from '../../testing/test-app';
import { ConfigError, loadUploadQuotas } from '../../config';
import { chinaDayStart } from './upload-quota';

/** A PNG of noise (does not compress): about 3 bytes a pixel. */
const noisePng = (size: number) =>
  sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
const flatPng = (seed: number) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r: seed, g: 9, b: 99 } } })
    .png()
    .toBuffer();

describe('the upload day', () => {
  it('is the Chinese calendar day: it starts at 00:00 in Beijing (16:00 UTC the day before)', () => {
    expect(chinaDayStart(Date.parse('2024-05-01T15:59:59Z'))).toBe('2024-04-30T16:00:00.000Z');
    expect(chinaDayStart(Date.parse('2024-05-01T16:00:00Z'))).toBe('2024-05-01T16:00:00.000Z');
  });
});

describe('the upload quotas of a fresh install', () => {
  it('are 2000 files and 4096 MB a day for designers, 30 files and 400 MB for everyone else', () => {
    expect(loadUploadQuotas({})).toEqual({
      designer: { files: 2000, bytes: 4096 * 1024 * 1024 },
      applicant: { files: 30, bytes: 400 * 1024 * 1024 },
    });
    expect(loadUploadQuotas({ UPLOAD_DAILY_FILES: '500' }).designer.files).toBe(500);
    expect(() => loadUploadQuotas({ UPLOAD_DAILY_MB: '0' })).toThrow(ConfigError);
    expect(() => loadUploadQuotas({ UPLOAD_DAILY_MB: 'lots' })).toThrow(/UPLOAD_DAILY_MB/);
  });
});

describe.each(testDatabases())('daily upload quota on $name', (database) => {
  let t: TestApp;
  let designer: string;
  let buyer: string;
  let ip = 0;

  const signIn = async (phone: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: login.path,
      payload: { phone, password: DEMO_PASSWORD },
      remoteAddress: `127.8.0.${++ip}`,
    });
    const token = res.json<{ data?: { login?: LoginPayload } }>().data?.login?.token;
    if (!token) throw new Error(`sign-in failed: ${res.body}`);
    return token;
  };
  const askPolicy = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: genPostPolicy.path,
      payload: { upfilePath: 'creation', module: 'tuan' },
      headers: { token },
    });
  const policyFor = async (token: string) => {
    const res = await askPolicy(token);
    const policy = res.json<{ rs?: UploadPolicy }>().rs;
    if (!policy) throw new Error(`no upload permission: ${res.body}`);
    return policy;
  };
  const put = (token: string, p: UploadPolicy, body: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: `${UPLOAD_PATH}?policy=${p.policy}&signature=${p.signature}`,
      headers: { token, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  /** Sent as the desktop streams a file: chunked, no length declared before the body. */
  const putStreamed = (token: string, p: UploadPolicy, body: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: `${UPLOAD_PATH}?policy=${p.policy}&signature=${p.signature}`,
      headers: { token, 'content-type': 'application/octet-stream' },
      payload: Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
    });

  beforeAll(async () => {
    // Small quotas so a test reaches them: 3 files a day for designers, 2 files or 1 MB for others.
    t = await buildTestApp(database, {
      uploadQuotas: loadUploadQuotas({
        UPLOAD_DAILY_FILES: '3',
        UPLOAD_DAILY_MB: '1000',
        UPLOAD_APPLICANT_DAILY_FILES: '2',
        UPLOAD_APPLICANT_DAILY_MB: '1',
      }),
    });
    await seedDemo(t.deps, () => undefined, 2);
    designer = await signIn('13900000001');
    buyer = await signIn('13700000001');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops a designer at the daily number of files, when asking and when sending, until tomorrow', async () => {
    const early = await policyFor(designer);
    for (let i = 1; i <= 3; i++) {
      const send = i === 2 ? putStreamed : put;
      expect((await send(designer, early, await flatPng(i))).json().code).toBe(1);
    }
    const full = { code: 1029, msg: '今日上传已达上限（每天 3 个文件、1000 MB），请明天再试' };
    // A permission taken before the limit was reached does not get round it.
    expect((await put(designer, early, await flatPng(4))).json()).toMatchObject(full);
    const asked = await askPolicy(designer);
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject(full);
    // The next day (Beijing time) the count starts again.
    t.advance(24 * 3600_000);
    designer = await signIn('13900000001');
    buyer = await signIn('13700000001');
    const tomorrow = await put(designer, await policyFor(designer), await flatPng(4));
    expect(tomorrow.json()).toMatchObject({ code: 1, data: { duplicate: false } });
  });

  it('gives someone who is not a settled designer only what a settle-in application needs', async () => {
    const policy = await policyFor(buyer);
    const big = await noisePng(360); // ~380 KB
    expect((await put(buyer, policy, big)).json().code).toBe(1);
    const bigger = await noisePng(520); // ~800 KB: over 1 MB today
    // Streamed, its size is only known once it has arrived: it is refused then.
    const streamed = await putStreamed(buyer, policy, bigger);
    expect(streamed.statusCode).toBe(429);
    expect(streamed.json()).toMatchObject({ code: 1029 });
    const tooMuch = await put(buyer, policy, bigger);
    expect(tooMuch.statusCode).toBe(429);
    expect(tooMuch.json()).toMatchObject({
      code: 1029,
      msg: '今日上传已达上限（入驻前每天 2 个文件、1 MB，用于入驻样例和营业执照），请明天再试',
    });
    expect((await put(buyer, policy, await flatPng(40))).json().code).toBe(1);
    expect((await put(buyer, policy, await flatPng(41))).json()).toMatchObject({ code: 1029 });
    expect((await askPolicy(buyer)).json()).toMatchObject({ code: 1029 });
    // Nothing over the quota was stored.
    const rows = await t.deps.db
      .selectFrom('uploads as up')
      .innerJoin('users as u', 'u.id', 'up.user_id')
      .where('u.phone', '=', '13700000001')
      .select('up.size')
      .execute();
    expect(rows).toHaveLength(2);
  });
});
