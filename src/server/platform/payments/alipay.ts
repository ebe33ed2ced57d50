/**
 * Alipay face-to-face payment (当面付, QR precreate) through the OpenAPI 2.0 gateway.
 *
 * The maintained `alipay-sdk` package does the RSA2 work: `sdkExecute` signs the request (all
 * parameters but `sign`, sorted `k=v&…`, RSA-SHA256 with the application private key),
 * `checkResponseSign` verifies an answer over the raw `xxx_response` JSON text, and
 * `checkNotifySign` verifies a notification. Its own HTTP client (`exec`, urllib) is never used:
 * the signed parameters go out through the injected `HttpTransport`, so tests (and any proxy or
 * timeout policy) see every request and nothing reaches the network behind our back.
 *
 * Before the SDK verifies a notification we drop `sign`, `sign_type` and empty values, as
 * Alipay's own signer does (剔除 sign、sign_type 与空值), refuse any sign_type but RSA2, and
 * then check app_id and trade_status ourselves. Amounts are yuan text with at most two decimals
 * ("2890.00"); they are turned into integer fen by string arithmetic, never by floating point.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
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

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
/** Alipay's sandbox gateway (沙箱环境), for ALIPAY_GATEWAY. */
export const ALIPAY_SANDBOX_GATEWAY = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';

export type AlipayConfig = {
  appId: string;
  /** The application private key: PEM (PKCS#1 or PKCS#8) or the bare base64 the Alipay key tool writes. */
  privateKey: string;
  /** Alipay's public key (支付宝公钥, not the application public key): PEM or bare base64. */
  alipayPublicKey: string;
  /** Defaults to https://openapi.alipay.com/gateway.do. */
  gateway?: string;
  /** The clock (tests). */
  now?: () => Date;
};

/** Alipay answered with an error or something we cannot use (not a verification failure). */
export class AlipayApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly subCode: string | undefined,
  ) {
    super(message);
    this.name = 'AlipayApiError';
  }
}

/** "2890.00" → 289000, "0.01" → 1, "5" → 500. Throws on anything else (negative, 3 decimals, 1e3). */
export function fenFromYuan(text: string): number {
  const match = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount of yuan: "${text}"`);
  const yuan = Number(match[1]);
  const fen = Number((match[2] ?? '').padEnd(2, '0'));
  return yuan * 100 + fen;
}

/** 289000 → "2890.00", 1 → "0.01". */
export function yuanFromFen(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount of fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** China time as Alipay writes it: "2026-11-24 13:05:00". */
export function toAlipayTime(date: Date): string {
  const shifted = new Date(Math.floor(date.getTime() / 1000) * 1000 + 8 * 3600 * 1000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

/** "2026-11-24 13:05:00" (China time) → the instant; null when malformed. */
export function fromAlipayTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));
  return toAlipayTime(date) === text ? date : null;
}

/** A PEM (any header) or bare base64 DER key, as PEM of the wanted kind. */
function normalisePrivateKey(key: string): string {
  const text = key.trim();
  const object = text.includes('-----BEGIN')
    ? createPrivateKey(text)
    : (() => {
        const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
        try {
          return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
        } catch {
          return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
        }
      })();
  if (object.asymmetricKeyType !== 'rsa') throw new Error('the Alipay application key must be RSA');
  return object.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function normalisePublicKey(key: string): string {
  const text = key.trim();
  if (text.includes('PRIVATE KEY')) throw new Error('the Alipay public key must be a public key');
  const object = text.includes('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({
        key: Buffer.from(text.replace(/\s+/g, ''), 'base64'),
        format: 'der',
        type: 'spki',
      });
  if (object.asymmetricKeyType !== 'rsa') throw new Error('the Alipay public key must be RSA');
  return object.export({ type: 'spki', format: 'pem' }).toString();
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The parameters that go in the gateway URL; the rest (biz_content) go in the form body. */
const URL_PARAMS = new Set([
  'app_id',
  'method',
  'format',
  'charset',
  'sign_type',
  'sign',
  'timestamp',
  'version',
  'notify_url',
  'return_url',
  'app_auth_token',
]);

const OUT_TRADE_NO = /^[0-9A-Za-z_]{1,64}$/;

/** Creates the Alipay provider. Throws (plain Error) on a malformed key. */
export function createAlipayProvider(
  config: AlipayConfig,
  transport: HttpTransport,
): PaymentProvider {
  if (!/^\d{6,32}$/.test(config.appId))
    throw new Error(`Alipay app_id is malformed: "${config.appId}"`);
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: normalisePrivateKey(config.privateKey),
    keyType: 'PKCS8',
    alipayPublicKey: normalisePublicKey(config.alipayPublicKey),
    signType: 'RSA2',
    gateway: config.gateway ?? ALIPAY_GATEWAY,
  });
  const gateway = config.gateway ?? ALIPAY_GATEWAY;
  const now = config.now ?? (() => new Date());

  /** Calls one gateway method and returns its verified `xxx_response` object (any code). */
  async function call(
    method: string,
    bizContent: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const signed = new URLSearchParams(
      sdk.sdkExecute(
        method,
        { ...extra, timestamp: toAlipayTime(now()), bizContent },
        { bizContentAutoSnakeCase: false },
      ),
    );
    const url = new URL(gateway);
    const form = new URLSearchParams();
    for (const [key, value] of signed) {
      if (URL_PARAMS.has(key)) url.searchParams.set(key, value);
      else form.set(key, value);
    }
    const response = await transport({
      method: 'POST',
      url: url.toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
        Accept: 'application/json',
      },
      body: form.toString(),
    });
    if (response.status !== 200) {
      throw new AlipayApiError(
        `Alipay ${method} failed: HTTP ${response.status}`,
        undefined,
        undefined,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      throw new AlipayApiError(
        `Alipay ${method} answered something that is not JSON`,
        undefined,
        undefined,
      );
    }
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    // A gateway-level failure (bad app_id, bad signature) answers `error_response` instead.
    const answerKey = isObject(parsed) && responseKey in parsed ? responseKey : 'error_response';
    const data = isObject(parsed) ? parsed[answerKey] : undefined;
    if (!isObject(parsed) || !isObject(data)) {
      throw new AlipayApiError(
        `Alipay ${method} answered without ${responseKey}`,
        undefined,
        undefined,
      );
    }
    const sign = str(parsed.sign);
    // A success must be signed; an error is verified when signed and never trusted for more than "no".
    if (sign || data.code === '10000') {
      if (!sign) throw new PaymentVerificationError(`Alipay ${method} answer is not signed`);
      try {
        sdk.checkResponseSign(response.body, answerKey, sign, '');
      } catch {
        throw new PaymentVerificationError(`Alipay ${method} answer: signature does not verify`);
      }
    }
    return data;
  }

  function fail(method: string, data: Record<string, unknown>): never {
    const code = str(data.code);
    const subCode = str(data.sub_code);
    throw new AlipayApiError(
      `Alipay ${method} failed: ${code ?? '?'} ${str(data.msg) ?? ''} ${subCode ?? ''} ${str(data.sub_msg) ?? ''}`
        .replace(/\s+/g, ' ')
        .trim(),
      code,
      subCode,
    );
  }

  function checkOutTradeNo(payOrderNo: string) {
    if (!OUT_TRADE_NO.test(payOrderNo)) {
      throw new Error(`Alipay out_trade_no must be 1-64 of [0-9A-Za-z_]: "${payOrderNo}"`);
    }
  }

  function amountFen(text: unknown, what: string): number {
    let fen: number;
    try {
      fen = fenFromYuan(typeof text === 'string' ? text : '');
    } catch {
      throw new PaymentVerificationError(`${what}: total_amount "${String(text)}" is malformed`);
    }
    if (fen <= 0) throw new PaymentVerificationError(`${what}: total_amount is not positive`);
    return fen;
  }

  return {
    channel: 'alipay',

    async createQr(input: CreateQrInput): Promise<CreateQrResult> {
      checkOutTradeNo(input.payOrderNo);
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) {
        throw new Error(`amount must be a positive integer of fen: ${input.amountFen}`);
      }
      const method = 'alipay.trade.precreate';
      const data = await call(
        method,
        {
          out_trade_no: input.payOrderNo,
          total_amount: yuanFromFen(input.amountFen),
          subject: [...input.subject].slice(0, 127).join(''),
          product_code: 'FACE_TO_FACE_PAYMENT',
          // Absolute expiry (China time); Alipay prefers it over timeout_express when both are sent.
          time_expire: toAlipayTime(input.expiresAt),
        },
        { notify_url: input.notifyUrl },
      );
      if (data.code !== '10000') fail(method, data);
      const qrCode = str(data.qr_code);
      if (!qrCode)
        throw new AlipayApiError('Alipay precreate answered without qr_code', '10000', undefined);
      return { qrContent: qrCode };
    },

    async query(payOrderNo: string): Promise<QueryResult> {
      checkOutTradeNo(payOrderNo);
      const method = 'alipay.trade.query';
      const data = await call(method, { out_trade_no: payOrderNo });
      // A precreated QR is no trade at Alipay until someone scans it.
      if (data.code === '40004' && data.sub_code === 'ACQ.TRADE_NOT_EXIST')
        return { state: 'unpaid' };
      if (data.code !== '10000') fail(method, data);
      if (data.out_trade_no !== payOrderNo) {
        throw new PaymentVerificationError(
          'Alipay query answer: out_trade_no is not the one asked',
        );
      }
      switch (data.trade_status) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED': {
          const what = 'Alipay query answer';
          const tradeNo = str(data.trade_no);
          if (!tradeNo) throw new PaymentVerificationError(`${what}: trade_no missing`);
          const paidAt = fromAlipayTime(str(data.send_pay_date) ?? '') ?? now();
          return {
            state: 'paid',
            notice: {
              payOrderNo,
              providerTradeNo: tradeNo,
              amountFen: amountFen(data.total_amount, what),
              paidAt,
            },
          };
        }
        case 'WAIT_BUYER_PAY':
          return { state: 'unpaid' };
        case 'TRADE_CLOSED':
          return { state: 'closed' };
        default:
          throw new AlipayApiError(
            `Alipay answered an unknown trade_status ${String(data.trade_status)}`,
            '10000',
            undefined,
          );
      }
    },

    async verifyNotification(raw: RawNotification): Promise<PaymentNotice> {
      const what = 'Alipay notification';
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(raw.body)) {
        if (key in params) throw new PaymentVerificationError(`${what}: ${key} appears twice`);
        params[key] = value;
      }
      const sign = params.sign;
      if (!sign) throw new PaymentVerificationError(`${what}: not signed`);
      if (params.sign_type !== 'RSA2') {
        throw new PaymentVerificationError(
          `${what}: sign_type ${params.sign_type ?? '(none)'} is not RSA2`,
        );
      }
      if (params.charset !== undefined && params.charset.toLowerCase() !== 'utf-8') {
        throw new PaymentVerificationError(`${what}: charset ${params.charset} is not utf-8`);
      }
      const signed: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        if (key !== 'sign' && key !== 'sign_type' && value !== '') signed[key] = value;
      }
      // checkNotifySign puts sign_type back for a first try and verifies without it next; `raw`
      // keeps the values as URLSearchParams decoded them (no second percent-decoding).
      if (!sdk.checkNotifySign({ ...signed, sign }, true)) {
        throw new PaymentVerificationError(`${what}: signature does not verify`);
      }
      if (params.app_id !== config.appId) {
        throw new PaymentVerificationError(
          `${what}: app_id ${params.app_id ?? '(none)'} is not ours`,
        );
      }
      if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') {
        throw new PaymentVerificationError(
          `${what}: trade_status ${params.trade_status ?? '(none)'} is not a payment`,
        );
      }
      const payOrderNo = params.out_trade_no;
      const tradeNo = params.trade_no;
      if (!payOrderNo) throw new PaymentVerificationError(`${what}: out_trade_no missing`);
      if (!tradeNo) throw new PaymentVerificationError(`${what}: trade_no missing`);
      const paidAt = fromAlipayTime(params.gmt_payment ?? params.notify_time ?? '');
      if (!paidAt) throw new PaymentVerificationError(`${what}: gmt_payment missing or malformed`);
      return {
        payOrderNo,
        providerTradeNo: tradeNo,
        amountFen: amountFen(params.total_amount, what),
        paidAt,
      };
    },

    notificationAck(accepted: boolean): NotificationAck {
      // Anything but the exact text "success" makes Alipay retry (4m, 10m, 10m, 1h, 2h, 6h, 15h).
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: accepted ? 'success' : 'fail',
      };
    },

    async refund(input: RefundInput): Promise<{ providerRefundNo: string }> {
      checkOutTradeNo(input.payOrderNo);
      if (!/^[0-9A-Za-z_]{1,64}$/.test(input.refundNo)) {
        throw new Error(`Alipay out_request_no must be 1-64 of [0-9A-Za-z_]: "${input.refundNo}"`);
      }
      if (
        !Number.isSafeInteger(input.refundFen) ||
        !Number.isSafeInteger(input.totalFen) ||
        input.refundFen <= 0 ||
        input.refundFen > input.totalFen
      ) {
        throw new Error(`refund ${input.refundFen} of ${input.totalFen} fen is not a valid refund`);
      }
      const method = 'alipay.trade.refund';
      const reason = [...input.reason].slice(0, 256).join('');
      const data = await call(method, {
        out_trade_no: input.payOrderNo,
        refund_amount: yuanFromFen(input.refundFen),
        out_request_no: input.refundNo,
        ...(reason ? { refund_reason: reason } : {}),
      });
      if (data.code !== '10000') fail(method, data);
      if (data.out_trade_no !== undefined && data.out_trade_no !== input.payOrderNo) {
        throw new PaymentVerificationError(
          'Alipay refund answer: out_trade_no is not the one asked',
        );
      }
      // Alipay has no refund id: a refund is (trade_no, out_request_no). A retry with the same
      // out_request_no answers fund_change "N" and refunds nothing more.
      const tradeNo = str(data.trade_no);
      if (!tradeNo)
        throw new AlipayApiError('Alipay refund answered without trade_no', '10000', undefined);
      return { providerRefundNo: `${tradeNo}:${input.refundNo}` };
    },
  };
}
