import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { ALIPAY_SANDBOX_GATEWAY } from './alipay';
import type { HttpTransport } from './payment-provider';
import { ALIPAY_ENV, WECHATPAY_ENV, paymentProvidersFromEnv } from './provider-config';

const dir = mkdtempSync(join(tmpdir(), 'wenyang-payments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keyFiles = (name: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePath = join(dir, `${name}_private.pem`);
  const publicPath = join(dir, `${name}_public.pem`);
  writeFileSync(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(publicPath, publicKey.export({ type: 'spki', format: 'pem' }));
  return { privatePath, publicPath };
};
const merchant = keyFiles('merchant');
const platform = keyFiles('platform');
const app = keyFiles('app');
const alipay = keyFiles('alipay');

const WECHAT: Record<string, string> = {
  WECHATPAY_APP_ID: 'wxd678efh567hg6787',
  WECHATPAY_MCH_ID: '1230000109',
  WECHATPAY_MCH_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY_FILE: merchant.privatePath,
  WECHATPAY_API_V3_KEY: 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb',
  WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: platform.publicPath,
  WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0112300001092025041500123456000001',
};
const ALIPAY: Record<string, string> = {
  ALIPAY_APP_ID: '2021004112345678',
  ALIPAY_PRIVATE_KEY_FILE: app.privatePath,
  ALIPAY_PUBLIC_KEY_FILE: alipay.publicPath,
};

const noNetwork: HttpTransport = async () => {
  throw new Error('no request expected');
};
const channels = (env: Record<string, string | undefined>) =>
  paymentProvidersFromEnv(env, noNetwork).map((p) => p.channel);

describe('paymentProvidersFromEnv', () => {
  it('configures nothing by default (the sandbox stays the only channel)', () => {
    expect(channels({})).toEqual([]);
    expect(channels({ WECHATPAY_APP_ID: '', ALIPAY_APP_ID: '  ' })).toEqual([]);
  });

  it('returns only the fully configured providers', () => {
    expect(channels(WECHAT)).toEqual(['wechat']);
    expect(channels(ALIPAY)).toEqual(['alipay']);
    expect(channels({ ...WECHAT, ...ALIPAY })).toEqual(['wechat', 'alipay']);
  });

  it('refuses each half configuration, naming the missing variable', () => {
    for (const [all, names] of [
      [WECHAT, WECHATPAY_ENV],
      [ALIPAY, ALIPAY_ENV],
    ] as const) {
      for (const name of names) {
        const env = { ...all, [name]: undefined };
        expect(() => channels(env), name).toThrow(ConfigError);
        expect(() => channels(env), name).toThrow(new RegExp(`缺少 ${name}`));
      }
    }
  });

  it('refuses unreadable key files and keys that do not load, naming the variable', () => {
    expect(() =>
      channels({ ...ALIPAY, ALIPAY_PRIVATE_KEY_FILE: join(dir, 'missing.pem') }),
    ).toThrow(/ALIPAY_PRIVATE_KEY_FILE.*ENOENT/);
    const garbage = join(dir, 'garbage.pem');
    writeFileSync(garbage, 'not a key');
    expect(() => channels({ ...WECHAT, WECHATPAY_PRIVATE_KEY_FILE: garbage })).toThrow(
      /WECHATPAY_PRIVATE_KEY_FILE/,
    );
    expect(() =>
      channels({ ...WECHAT, WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: merchant.privatePath }),
    ).toThrow(ConfigError);
    expect(() => channels({ ...WECHAT, WECHATPAY_API_V3_KEY: 'too-short' })).toThrow(
      /WECHATPAY_API_V3_KEY.*32/,
    );
    expect(() =>
      channels({ ...ALIPAY, ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' }),
    ).toThrow(/ALIPAY_GATEWAY/);
  });

  it('sends through the given transport, to ALIPAY_GATEWAY when set', async () => {
    const urls: string[] = [];
    const transport: HttpTransport = async (request) => {
      urls.push(request.url);
      return { status: 500, headers: {}, body: '' };
    };
    const [provider] = paymentProvidersFromEnv(
      { ...ALIPAY, ALIPAY_GATEWAY: ALIPAY_SANDBOX_GATEWAY },
      transport,
    );
    await expect(provider!.query('P20261124125500123')).rejects.toThrow(/HTTP 500/);
    expect(urls).toHaveLength(1);
    expect(urls[0]!.startsWith(`${ALIPAY_SANDBOX_GATEWAY}?`)).toBe(true);
  });
});
