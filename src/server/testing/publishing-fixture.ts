import sharp from 'sharp';
import { register, sendSmsCode } from '@shared/contract/accounts';
import { UPLOAD_PATH, genPostPolicy } from '@shared/contract/uploads';
import type { UploadedFile } from '@shared/contract/uploads';
import { idCheckDigit } from '@shared/rules/identity';
import { buildCatalogueApp } from './catalogue-fixture';
import type { CatalogueFixture } from './catalogue-fixture';
import type { TestDatabase } from './test-app';

export type PublishingFixture = CatalogueFixture & {
  /** Registers a new account through the sandbox SMS code; returns its phone and token. */
  registerUser: () => Promise<{ phone: string; token: string; userId: number }>;
  /** Uploads bytes through GenPostPolicy and the upload endpoint; returns the stored file. */
  upload: (token: string, body: Buffer) => Promise<UploadedFile>;
};

let phoneCounter = 0;

/** A valid resident ID number (GB 11643) that differs by `n`. */
export function validIdNumber(n: number, sequence = '123'): string {
  const first17 = `1101051990${String(1 + (n % 12)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}${sequence}`;
  return first17 + idCheckDigit(first17);
}

/** A 600×600 PNG whose stripes depend on `seed`, so each seed gives different bytes and pictures. */
export async function patternPng(seed: number, size = 600): Promise<Buffer> {
  const raw = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      const band = Math.floor((x + y * (1 + (seed % 5))) / (12 + (seed % 17))) % 3;
      raw[i] = band === 0 ? (seed * 37) % 256 : 240;
      raw[i + 1] = band === 1 ? (seed * 91) % 256 : 60;
      raw[i + 2] = band === 2 ? (seed * 53) % 256 : 120;
    }
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** The catalogue fixture plus new accounts and uploads, for the publishing tests. */
export async function buildPublishingApp(database: TestDatabase): Promise<PublishingFixture> {
  const f = await buildCatalogueApp(database, 8);
  const registerUser: PublishingFixture['registerUser'] = async () => {
    phoneCounter += 1;
    const phone = `166${String(Date.now() % 1e4).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
    const sms = await f.ok(sendSmsCode, { phone, purpose: 'register' });
    // The contract declares sandboxCode optional: only the sandbox sender reveals it.
    if (!sms.sandboxCode) throw new Error('no sandbox SMS code');
    const done = await f.ok(register, {
      phone,
      smsCode: sms.sandboxCode,
      password: 'publishing-test-1',
    });
    return { phone, token: done.login.token, userId: await f.userId(phone) };
  };
  const upload: PublishingFixture['upload'] = async (token, body) => {
    const policy = await f.ok(genPostPolicy, { upfilePath: 'creation', module: 'tuan' }, token);
    const res = await f.app.inject({
      method: 'PUT',
      url: `${UPLOAD_PATH}?policy=${policy.policy}&signature=${policy.signature}`,
      headers: { token, 'content-type': 'application/octet-stream' },
      payload: body,
    });
    const json = res.json<{ code: number; msg: string; data: UploadedFile }>();
    if (json.code !== 1) throw new Error(`upload failed: ${json.msg}`);
    return json.data;
  };
  return { ...f, registerUser, upload };
}
