import { crc32 } from 'node:zlib';
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

/** Rewrites a PNG's IHDR to claim another size (with a valid CRC), as a decompression bomb does. */
function withClaimedSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8) + length (4) + 'IHDR' (4): width and height follow.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

describe.each(testDatabases())('uploads on $name', (database) => {
  let t: TestApp;
  let designer: string;
  let buyer: string;
  let ip = 0;

  const signIn = async (phone: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: login.path,
      payload: { phone, password: DEMO_PASSWORD },
      remoteAddress: `127.9.0.${++ip}`,
    });
    return res.json<{ data: { login: LoginPayload } }>().data.login.token;
  };
  const policyFor = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: genPostPolicy.path,
      payload: { upfilePath: 'creation', module: 'tuan' },
      headers: { token },
    });
    return res.json<{ rs: UploadPolicy }>().rs;
  };
  const put = (token: string, p: Pick<UploadPolicy, 'policy' | 'signature'>, body: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: `${UPLOAD_PATH}?policy=${p.policy}&signature=${p.signature}`,
      headers: { token, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const png = (seed: number, size = 64) =>
    sharp({
      create: {
        width: size,
        height: size,
        channels: 3,
        background: { r: seed % 256, g: 80, b: 160 },
      },
    })
      .png()
      .toBuffer();

  beforeAll(async () => {
    t = await buildTestApp(database);
    await seedDemo(t.deps, () => undefined, 2);
    designer = await signIn('13900000001');
    buyer = await signIn('13700000001');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('grants a signed, short-lived permission only to a signed-in user', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: genPostPolicy.path,
      payload: { upfilePath: 'creation', module: 'tuan' },
    });
    expect(guest.json()).toMatchObject({ code: 401 });
    const wrongPath = await t.app.inject({
      method: 'POST',
      url: genPostPolicy.path,
      payload: { upfilePath: 'avatars', module: 'tuan' },
      headers: { token: designer },
    });
    expect(wrongPath.json()).toMatchObject({ code: 400 });
    const policy = await policyFor(designer);
    expect(policy.uploadUrl).toBe(UPLOAD_PATH);
    expect(policy.expiresAt).toBeGreaterThan(Date.now());
  });

  it('stores a real image privately and never twice for the same bytes', async () => {
    const policy = await policyFor(designer);
    const body = await png(1);
    const first = await put(designer, policy, body);
    expect(first.json().code).toBe(1);
    const data = first.json().data as {
      fileKey: string;
      duplicate: boolean;
      width: number;
      format: string;
    };
    expect(data).toMatchObject({ duplicate: false, width: 64, format: 'png' });
    expect(data.fileKey).toMatch(/^private\/uploads\//);
    const second = await put(designer, policy, body);
    expect(second.json().data).toMatchObject({ fileKey: data.fileKey, duplicate: true });
    const unsigned = await t.app.inject({ method: 'GET', url: `/files/${data.fileKey}` });
    expect(unsigned.statusCode).toBe(404);
  });

  it('refuses a forged, expired or someone else’s permission', async () => {
    const policy = await policyFor(designer);
    const body = await png(2);
    const forged = await put(designer, { policy: policy.policy, signature: 'x'.repeat(43) }, body);
    expect(forged.json()).toMatchObject({ code: 1003, msg: '上传许可无效' });
    const othersPolicy = await put(buyer, policy, body);
    expect(othersPolicy.json()).toMatchObject({ code: 1003, msg: '上传许可不属于当前用户' });
    t.advance(16 * 60_000);
    const expired = await put(designer, policy, body);
    expect(expired.json()).toMatchObject({ code: 1003, msg: '上传许可已过期，请重新上传' });
    const guest = await t.app.inject({
      method: 'PUT',
      url: `${UPLOAD_PATH}?policy=${policy.policy}&signature=${policy.signature}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(guest.json()).toMatchObject({ code: 401 });
  });

  it('judges a file by its content: wrong type behind a right name, empty, truncated, a bomb', async () => {
    const policy = await policyFor(designer);
    const text = await put(
      designer,
      policy,
      Buffer.from('this is not an image, whatever the .png says'),
    );
    expect(text.json()).toMatchObject({ code: 1022, msg: '文件不是可识别的图片，或文件已损坏' });
    const empty = await put(designer, policy, Buffer.alloc(0));
    expect(empty.json().msg).toBe('文件为空（0 字节），请重新选择');
    const full = await png(3, 512);
    const truncated = await put(designer, policy, full.subarray(0, Math.floor(full.length / 2)));
    expect(truncated.json()).toMatchObject({
      code: 1022,
      msg: '图片文件不完整或已损坏，请重新导出后上传',
    });
    // One flipped byte in the pixel data: the chunk's CRC no longer matches.
    const flipped = Buffer.from(full);
    const idat = flipped.indexOf('IDAT', 0, 'latin1');
    flipped[idat + 40] = flipped[idat + 40]! ^ 0xff;
    expect((await put(designer, policy, flipped)).json()).toMatchObject({
      code: 1022,
      msg: '图片文件不完整或已损坏，请重新导出后上传',
    });
    const jpeg = await sharp(full).jpeg().toBuffer();
    const cutJpeg = await put(designer, policy, jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    expect(cutJpeg.json().code).toBe(1022);
    // A tiny PNG whose header claims 20000×20000 pixels.
    const bomb = withClaimedSize(await png(4, 16), 20_000, 20_000);
    const bombed = await put(designer, policy, bomb);
    expect(bombed.json()).toMatchObject({
      code: 1022,
      msg: '图片尺寸过大（超过 1.2 亿像素），无法安全处理',
    });
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await put(designer, policy, gif)).json().msg).toContain('只支持 PNG、JPG、WebP、TIFF');
  });
});
