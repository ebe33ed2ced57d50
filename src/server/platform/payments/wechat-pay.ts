/**
 * WeChat Pay API v3, Native (QR) payments, with node:crypto only.
 *
 * - Requests are signed `WECHATPAY2-SHA256-RSA2048`: the merchant private key signs
 *   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` (RSA-SHA256, PKCS#1 v1.5), sent in the
 *   Authorization header with mchid, nonce_str, signature, timestamp and serial_no.
 * - Answers and notifications are verified with the WeChat Pay platform public key (public-key
 *   mode, id `PUB_KEY_ID_…`, or the platform certificate's key and serial) over
 *   `TIMESTAMP\nNONCE\nBODY\n` from the Wechatpay-Timestamp/-Nonce/-Signature/-Serial headers. An
 *   unknown Wechatpay-Serial or a timestamp more than 5 minutes away from our clock is refused.
 * - A notification's `resource` is AEAD_AES_256_GCM with the APIv3 key (32 bytes): the nonce and
 *   associated_data are UTF-8 text, the base64 ciphertext ends with the 16-byte tag.
 *
 * Amounts are fen on both sides (amount.total), so nothing is converted.
 */
import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { PaymentVerificationError } from './payment-provider';
import type {
  CreateQrInput,
  CreateQrResult,
  HttpTransport,
  NotificationAck,
  PaymentNotice,
  PaymentProvider,
  QueryResult,
  RawNotification,
  RefundInput,
} from './payment-provider';

export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';
export const WECHATPAY_SIGNATURE_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** How far a Wechatpay-Timestamp may be from our clock, either way. */
export const WECHATPAY_MAX_CLOCK_SKEW_SECONDS = 300;

export type WechatPayConfig = {
  /** The AppID bound to the merchant (公众号/小程序/应用 AppID). */
  appId: string;
  /** 商户号. */
  mchId: string;
  /** Serial number of the merchant API certificate (商户API证书序列号). */
  merchantSerialNo: string;
  /** The merchant API private key (apiclient_key.pem), PEM. */
  merchantPrivateKey: string;
  /** The APIv3 key: exactly 32 bytes. */
  apiV3Key: string;
  /** The WeChat Pay public key (pub_key.pem), or the platform certificate, PEM. */
  platformPublicKey: string;
  /** Its id (PUB_KEY_ID_…) or the platform certificate serial: the Wechatpay-Serial we accept. */
  platformSerial: string;
  /** Defaults to https://api.mch.weixin.qq.com. */
  baseUrl?: string;
  /** The clock (tests). */
  now?: () => Date;
};

/** WeChat Pay answered with an error or something we cannot use (not a verification failure). */
export class WechatPayApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'WechatPayApiError';
  }
}

/** One part of an encrypted notification, as WeChat Pay sends it. */
export type WechatPayEncryptedResource = {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  original_type?: string;
  nonce: string;
};

/** The fields of a transaction (query answer, decrypted notification) this adapter reads. */
type WechatTransaction = {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  success_time?: unknown;
  amount?: { total?: unknown; currency?: unknown };
};

/** The Authorization header value for one request. */
export function wechatPayAuthorization(args: {
  method: 'GET' | 'POST';
  /** The URL path with its query string, exactly as sent (`/v3/…?mchid=…`). */
  pathWithQuery: string;
  /** The body exactly as sent; '' for GET. */
  body: string;
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  /** Unix seconds. */
  timestamp: number;
  nonce: string;
}): string {
  const message = `${args.method}\n${args.pathWithQuery}\n${args.timestamp}\n${args.nonce}\n${args.body}\n`;
  const signature = createSign('RSA-SHA256')
    .update(message, 'utf8')
    .sign(args.privateKey, 'base64');
  return (
    `${WECHATPAY_SIGNATURE_SCHEME} mchid="${args.mchId}",nonce_str="${args.nonce}",` +
    `signature="${signature}",timestamp="${args.timestamp}",serial_no="${args.serialNo}"`
  );
}

/**
 * AEAD AES-GCM decryption as WeChat Pay uses it (resource and certificate decryption): UTF-8 nonce
 * and associated data, base64 ciphertext with the 16-byte tag at its end. The key length picks
 * AES-128/192/256 (the adapter only ever passes the 32-byte APIv3 key). Throws on any mismatch.
 */
export function decryptWechatPayCiphertext(args: {
  key: Buffer;
  nonce: string;
  associatedData: string;
  ciphertext: string;
}): string {
  const { key } = args;
  if (key.length !== 16 && key.length !== 24 && key.length !== 32) {
    throw new Error('AES-GCM key must be 16, 24 or 32 bytes');
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(args.ciphertext)) throw new Error('ciphertext is not base64');
  const data = Buffer.from(args.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const algorithm = `aes-${key.length * 8}-gcm` as 'aes-256-gcm';
  const decipher = createDecipheriv(algorithm, key, Buffer.from(args.nonce, 'utf8'), {
    authTagLength: 16,
  });
  decipher.setAAD(Buffer.from(args.associatedData, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

/** RFC 3339 in China time, second precision: 2026-11-24T13:05:00+08:00. */
export function toChinaRfc3339(date: Date): string {
  const shifted = new Date(Math.floor(date.getTime() / 1000) * 1000 + 8 * 3600 * 1000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;

function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const direct = headers[name];
  if (direct !== undefined) return direct;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PaymentVerificationError(`${what} is not JSON`);
  }
  if (!isObject(value)) throw new PaymentVerificationError(`${what} is not a JSON object`);
  return value;
}

function loadPrivateKey(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'rsa') throw new Error('the merchant private key must be RSA');
  return key;
}

function loadPublicKey(pem: string): KeyObject {
  if (/PRIVATE KEY/.test(pem)) {
    throw new Error('the WeChat Pay platform key must be a public key or certificate');
  }
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'rsa') throw new Error('the WeChat Pay platform key must be RSA');
  return key;
}

/** Creates the WeChat Pay provider. Throws (plain Error) on a malformed key or APIv3 key. */
export function createWechatPayProvider(
  config: WechatPayConfig,
  transport: HttpTransport,
): PaymentProvider {
  const privateKey = loadPrivateKey(config.merchantPrivateKey);
  const platformKey = loadPublicKey(config.platformPublicKey);
  const apiV3Key = Buffer.from(config.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('the APIv3 key must be exactly 32 bytes');
  for (const [name, value] of [
    ['appId', config.appId],
    ['mchId', config.mchId],
    ['merchantSerialNo', config.merchantSerialNo],
    ['platformSerial', config.platformSerial],
  ] as const) {
    if (!value.trim()) throw new Error(`WeChat Pay ${name} is empty`);
  }
  const baseUrl = (config.baseUrl ?? WECHATPAY_BASE_URL).replace(/\/+$/, '');
  const now = config.now ?? (() => new Date());

  /** Verifies a signed message from WeChat Pay (an answer or a notification). */
  function verifySigned(headers: Record<string, string | undefined>, body: string, what: string) {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    const scheme = header(headers, 'wechatpay-signature-type');
    if (!timestamp || !nonce || !signature || !serial) {
      throw new PaymentVerificationError(`${what}: Wechatpay-* signature headers missing`);
    }
    if (scheme !== undefined && scheme !== WECHATPAY_SIGNATURE_SCHEME) {
      throw new PaymentVerificationError(`${what}: unsupported signature type ${scheme}`);
    }
    if (serial !== config.platformSerial) {
      throw new PaymentVerificationError(`${what}: signed with an unknown key (${serial})`);
    }
    if (!/^\d{1,12}$/.test(timestamp)) {
      throw new PaymentVerificationError(`${what}: malformed Wechatpay-Timestamp`);
    }
    const skew = Math.abs(Math.floor(now().getTime() / 1000) - Number(timestamp));
    if (skew > WECHATPAY_MAX_CLOCK_SKEW_SECONDS) {
      throw new PaymentVerificationError(`${what}: timestamp is ${skew}s away from now (stale)`);
    }
    const ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .verify(platformKey, signature, 'base64');
    if (!ok) throw new PaymentVerificationError(`${what}: signature does not verify`);
  }

  async function call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: Record<string, unknown>,
  ): Promise<{ status: number; json: Record<string, unknown> | null }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = wechatPayAuthorization({
      method,
      pathWithQuery,
      body,
      mchId: config.mchId,
      serialNo: config.merchantSerialNo,
      privateKey,
      timestamp: Math.floor(now().getTime() / 1000),
      nonce: randomBytes(16).toString('hex').toUpperCase(),
    });
    const headers: Record<string, string> = {
      Authorization: authorization,
      Accept: 'application/json',
      'User-Agent': 'wenyang-payments/1.0',
      'Wechatpay-Serial': config.platformSerial,
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const response = await transport({
      method,
      url: `${baseUrl}${pathWithQuery}`,
      headers,
      ...(payload === undefined ? {} : { body }),
    });
    if (response.status < 200 || response.status >= 300) {
      let code: string | undefined;
      let message = response.body.slice(0, 200);
      try {
        const error: unknown = JSON.parse(response.body);
        if (isObject(error)) {
          if (typeof error.code === 'string') code = error.code;
          if (typeof error.message === 'string') message = error.message;
        }
      } catch {
        // not JSON: keep the raw text
      }
      throw new WechatPayApiError(
        `WeChat Pay ${method} ${pathWithQuery.split('?')[0]} failed: HTTP ${response.status} ${code ?? ''} ${message}`.trim(),
        response.status,
        code,
      );
    }
    verifySigned(response.headers, response.body, 'WeChat Pay answer');
    return {
      status: response.status,
      json: response.body === '' ? null : parseJsonObject(response.body, 'WeChat Pay answer'),
    };
  }

  /** A successful transaction as a notice, after checking it is ours. */
  function noticeOf(transaction: WechatTransaction, what: string): PaymentNotice {
    if (transaction.mchid !== config.mchId) {
      throw new PaymentVerificationError(`${what}: mchid is not ours`);
    }
    if (transaction.appid !== config.appId) {
      throw new PaymentVerificationError(`${what}: appid is not ours`);
    }
    const { out_trade_no, transaction_id, success_time, amount } = transaction;
    if (typeof out_trade_no !== 'string' || !out_trade_no) {
      throw new PaymentVerificationError(`${what}: out_trade_no missing`);
    }
    if (typeof transaction_id !== 'string' || !transaction_id) {
      throw new PaymentVerificationError(`${what}: transaction_id missing`);
    }
    const total = amount?.total;
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0) {
      throw new PaymentVerificationError(`${what}: amount.total is not a positive integer`);
    }
    if (amount?.currency !== undefined && amount.currency !== 'CNY') {
      throw new PaymentVerificationError(`${what}: currency is not CNY`);
    }
    const paidAt = typeof success_time === 'string' ? new Date(success_time) : null;
    if (!paidAt || Number.isNaN(paidAt.getTime())) {
      throw new PaymentVerificationError(`${what}: success_time missing or malformed`);
    }
    return { payOrderNo: out_trade_no, providerTradeNo: transaction_id, amountFen: total, paidAt };
  }

  function checkOutTradeNo(payOrderNo: string) {
    if (!OUT_TRADE_NO.test(payOrderNo)) {
      throw new Error(`WeChat Pay out_trade_no must be 6-32 of [0-9A-Za-z_-|*]: "${payOrderNo}"`);
    }
  }

  return {
    channel: 'wechat',

    async createQr(input: CreateQrInput): Promise<CreateQrResult> {
      checkOutTradeNo(input.payOrderNo);
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) {
        throw new Error(`amount must be a positive integer of fen: ${input.amountFen}`);
      }
      const { json } = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: [...input.subject].slice(0, 127).join(''),
        out_trade_no: input.payOrderNo,
        time_expire: toChinaRfc3339(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      });
      const codeUrl = json?.code_url;
      if (typeof codeUrl !== 'string' || !codeUrl) {
        throw new WechatPayApiError('WeChat Pay answered without code_url', 200, undefined);
      }
      return { qrContent: codeUrl };
    },

    async query(payOrderNo: string): Promise<QueryResult> {
      checkOutTradeNo(payOrderNo);
      const path =
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(payOrderNo)}` +
        `?mchid=${encodeURIComponent(config.mchId)}`;
      let json: Record<string, unknown> | null;
      try {
        ({ json } = await call('GET', path));
      } catch (error) {
        // Never created (or not yet visible) at WeChat Pay: nobody can have paid it.
        if (error instanceof WechatPayApiError && error.code === 'ORDER_NOT_EXIST') {
          return { state: 'unpaid' };
        }
        throw error;
      }
      const transaction = (json ?? {}) as WechatTransaction;
      if (transaction.out_trade_no !== payOrderNo) {
        throw new PaymentVerificationError('WeChat Pay answer: out_trade_no is not the one asked');
      }
      switch (transaction.trade_state) {
        case 'SUCCESS':
        case 'REFUND': // paid, then (partly) refunded: it was paid all the same
          return { state: 'paid', notice: noticeOf(transaction, 'WeChat Pay answer') };
        case 'NOTPAY':
        case 'USERPAYING':
          return { state: 'unpaid' };
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
          return { state: 'closed' };
        default:
          throw new WechatPayApiError(
            `WeChat Pay answered an unknown trade_state ${String(transaction.trade_state)}`,
            200,
            undefined,
          );
      }
    },

    async verifyNotification(raw: RawNotification): Promise<PaymentNotice> {
      verifySigned(raw.headers, raw.body, 'WeChat Pay notification');
      const event = parseJsonObject(raw.body, 'WeChat Pay notification');
      if (event.event_type !== 'TRANSACTION.SUCCESS') {
        throw new PaymentVerificationError(
          `WeChat Pay notification: event_type ${String(event.event_type)} is not a payment`,
        );
      }
      if (event.resource_type !== undefined && event.resource_type !== 'encrypt-resource') {
        throw new PaymentVerificationError('WeChat Pay notification: resource is not encrypted');
      }
      const resource = event.resource;
      if (
        !isObject(resource) ||
        resource.algorithm !== 'AEAD_AES_256_GCM' ||
        typeof resource.ciphertext !== 'string' ||
        typeof resource.nonce !== 'string' ||
        (resource.associated_data !== undefined && typeof resource.associated_data !== 'string')
      ) {
        throw new PaymentVerificationError('WeChat Pay notification: malformed resource');
      }
      let plaintext: string;
      try {
        plaintext = decryptWechatPayCiphertext({
          key: apiV3Key,
          nonce: resource.nonce,
          associatedData:
            typeof resource.associated_data === 'string' ? resource.associated_data : '',
          ciphertext: resource.ciphertext,
        });
      } catch {
        throw new PaymentVerificationError('WeChat Pay notification: resource does not decrypt');
      }
      const transaction = parseJsonObject(plaintext, 'WeChat Pay resource') as WechatTransaction;
      if (transaction.trade_state !== 'SUCCESS') {
        throw new PaymentVerificationError(
          `WeChat Pay notification: trade_state ${String(transaction.trade_state)} is not SUCCESS`,
        );
      }
      return noticeOf(transaction, 'WeChat Pay notification');
    },

    notificationAck(accepted: boolean): NotificationAck {
      // v3: any 2xx is "received"; a 4xx/5xx with {"code":"FAIL","message":…} makes WeChat Pay retry.
      return accepted
        ? {
            status: 200,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify({ code: 'SUCCESS', message: '成功' }),
          }
        : {
            status: 500,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
          };
    },

    async refund(input: RefundInput): Promise<{ providerRefundNo: string }> {
      checkOutTradeNo(input.payOrderNo);
      if (!/^[0-9A-Za-z_\-|*@]{1,64}$/.test(input.refundNo)) {
        throw new Error(
          `WeChat Pay out_refund_no must be 1-64 of [0-9A-Za-z_-|*@]: "${input.refundNo}"`,
        );
      }
      if (
        !Number.isSafeInteger(input.refundFen) ||
        !Number.isSafeInteger(input.totalFen) ||
        input.refundFen <= 0 ||
        input.refundFen > input.totalFen
      ) {
        throw new Error(`refund ${input.refundFen} of ${input.totalFen} fen is not a valid refund`);
      }
      const reason = [...input.reason].slice(0, 80).join('');
      const { json } = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.payOrderNo,
        out_refund_no: input.refundNo,
        ...(reason ? { reason } : {}),
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      });
      const refundId = json?.refund_id;
      const status = json?.status;
      if (typeof refundId !== 'string' || !refundId) {
        throw new WechatPayApiError(
          'WeChat Pay answered a refund without refund_id',
          200,
          undefined,
        );
      }
      if (status !== 'SUCCESS' && status !== 'PROCESSING') {
        throw new WechatPayApiError(
          `WeChat Pay refund ${refundId} is ${String(status)}`,
          200,
          typeof status === 'string' ? status : undefined,
        );
      }
      return { providerRefundNo: refundId };
    },
  };
}
