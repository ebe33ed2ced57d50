/**
 * The real payment providers the environment configures (WECHATPAY_*, ALIPAY_*). None by default:
 * the sandbox provider is then the only channel. A provider is either fully configured or not at
 * all; a half configuration is refused at start with the missing variable's name, never silently
 * skipped. Keys are read from files (paths in *_FILE variables) so they stay out of the
 * environment and out of process listings.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config';
import { createAlipayProvider } from './alipay';
import type { HttpTransport, PaymentProvider } from './payment-provider';
import { createWechatPayProvider } from './wechat-pay';

type Env = Record<string, string | undefined>;

/** WeChat Pay (API v3) variables, all required once any is set. */
export const WECHATPAY_ENV = [
  'WECHATPAY_APP_ID',
  'WECHATPAY_MCH_ID',
  'WECHATPAY_MCH_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_ID',
] as const;

/** Alipay variables, all required once any is set (ALIPAY_GATEWAY is optional). */
export const ALIPAY_ENV = [
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY_FILE',
] as const;

/** How long one call to a provider may take. */
const TIMEOUT_MS = 10_000;

/** The production transport: global fetch, a 10 s timeout, lower-cased answer headers. */
export const fetchHttpTransport: HttpTransport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const headers: Record<string, string | undefined> = {};
  response.headers.forEach((value, key) => {
    headers[key.toLowerCase()] = value;
  });
  return { status: response.status, headers, body: await response.text() };
};

/** The variables of one group, or null when none is set; throws when some but not all are. */
function group<N extends string>(
  env: Env,
  names: readonly N[],
  provider: string,
): Record<N, string> | null {
  const values = names.map((name) => [name, env[name]?.trim() ?? ''] as const);
  if (values.every(([, value]) => value === '')) return null;
  const missing = values.filter(([, value]) => value === '').map(([name]) => name);
  if (missing.length > 0) {
    throw new ConfigError(
      `配置错误：${provider} 只配置了一部分，缺少 ${missing.join('、')}（${names.join('、')} 须全部设置或全部不设）`,
    );
  }
  return Object.fromEntries(values) as Record<N, string>;
}

function readKeyFile(name: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new ConfigError(`配置错误：${name} 指向的文件 "${path}" 无法读取（${reason}）`);
  }
}

/** Runs an adapter constructor, turning its key complaints into a ConfigError naming the variables. */
function build(names: string, create: () => PaymentProvider): PaymentProvider {
  try {
    return create();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`配置错误：${names} 无效：${reason}`);
  }
}

/**
 * The configured real providers (WeChat Pay, Alipay), in that order; an empty list when the
 * environment configures none. Throws ConfigError on a half configuration, an unreadable key file
 * or a key that does not load.
 */
export function paymentProvidersFromEnv(
  env: Env = process.env,
  transport: HttpTransport = fetchHttpTransport,
): PaymentProvider[] {
  const providers: PaymentProvider[] = [];

  const wechat = group(env, WECHATPAY_ENV, '微信支付');
  if (wechat) {
    const merchantPrivateKey = readKeyFile(
      'WECHATPAY_PRIVATE_KEY_FILE',
      wechat.WECHATPAY_PRIVATE_KEY_FILE,
    );
    const platformPublicKey = readKeyFile(
      'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
      wechat.WECHATPAY_PLATFORM_PUBLIC_KEY_FILE,
    );
    if (Buffer.byteLength(wechat.WECHATPAY_API_V3_KEY, 'utf8') !== 32) {
      throw new ConfigError(
        '配置错误：WECHATPAY_API_V3_KEY 必须正好 32 个字节（商户平台设置的 APIv3 密钥）',
      );
    }
    providers.push(
      build('WECHATPAY_PRIVATE_KEY_FILE / WECHATPAY_PLATFORM_PUBLIC_KEY_FILE', () =>
        createWechatPayProvider(
          {
            appId: wechat.WECHATPAY_APP_ID,
            mchId: wechat.WECHATPAY_MCH_ID,
            merchantSerialNo: wechat.WECHATPAY_MCH_SERIAL_NO,
            merchantPrivateKey,
            apiV3Key: wechat.WECHATPAY_API_V3_KEY,
            platformPublicKey,
            platformSerial: wechat.WECHATPAY_PLATFORM_PUBLIC_KEY_ID,
          },
          transport,
        ),
      ),
    );
  }

  const alipay = group(env, ALIPAY_ENV, '支付宝');
  if (alipay) {
    const privateKey = readKeyFile('ALIPAY_PRIVATE_KEY_FILE', alipay.ALIPAY_PRIVATE_KEY_FILE);
    const alipayPublicKey = readKeyFile('ALIPAY_PUBLIC_KEY_FILE', alipay.ALIPAY_PUBLIC_KEY_FILE);
    const gateway = env.ALIPAY_GATEWAY?.trim();
    if (gateway && !/^https:\/\/[^\s/]+\/\S*$/.test(gateway)) {
      throw new ConfigError(`配置错误：ALIPAY_GATEWAY 必须是 https:// 地址，当前为 "${gateway}"`);
    }
    providers.push(
      build('ALIPAY_APP_ID / ALIPAY_PRIVATE_KEY_FILE / ALIPAY_PUBLIC_KEY_FILE', () =>
        createAlipayProvider(
          {
            appId: alipay.ALIPAY_APP_ID,
            privateKey,
            alipayPublicKey,
            ...(gateway ? { gateway } : {}),
          },
          transport,
        ),
      ),
    );
  }

  return providers;
}
