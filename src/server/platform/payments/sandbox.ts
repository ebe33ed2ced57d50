import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CreateQrInput,
  CreateQrResult,
  NotificationAck,
  PaymentNotice,
  PaymentProvider,
  QueryResult,
  RawNotification,
  RefundInput,
} from './payment-provider';
import { PaymentVerificationError } from './payment-provider';

// The sandbox provider, the default where no real provider is configured (docs/orders.md). Its QR
// encodes the URL of a local confirm page (/pay/sandbox/{payOrderNo}); confirming there produces a
// notification signed like a provider's (HMAC-SHA256 over timestamp, nonce and body with the
// server's secret) and posts it through the same verification and payment path as WeChat Pay's or
// Alipay's notifications.

export const SANDBOX_CONFIRM_PATH = '/pay/sandbox';

type SandboxBody = {
  payOrderNo: string;
  tradeNo: string;
  amountFen: number;
  paidAt: string;
};

const isSandboxBody = (v: unknown): v is SandboxBody =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as SandboxBody).payOrderNo === 'string' &&
  typeof (v as SandboxBody).tradeNo === 'string' &&
  Number.isSafeInteger((v as SandboxBody).amountFen) &&
  typeof (v as SandboxBody).paidAt === 'string';

/** A notification older than this is refused (a replay of an old capture). */
const MAX_AGE_MS = 5 * 60_000;

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

export function createSandboxProvider(options: {
  secret: string;
  now: () => number;
}): PaymentProvider & {
  /** The notification the confirm page posts for a payment of `amountFen`. */
  buildNotification(payOrderNo: string, amountFen: number, nonce: string): RawNotification;
} {
  const sign = (timestamp: string, nonce: string, body: string) =>
    createHmac('sha256', `sandbox-pay:${options.secret}`)
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .digest('base64');
  const paid = new Map<string, PaymentNotice>();

  return {
    channel: 'sandbox',
    async createQr(input: CreateQrInput): Promise<CreateQrResult> {
      return {
        qrContent: new URL(`${SANDBOX_CONFIRM_PATH}/${input.payOrderNo}`, input.notifyUrl).href,
      };
    },
    async query(payOrderNo: string): Promise<QueryResult> {
      const notice = paid.get(payOrderNo);
      return notice ? { state: 'paid', notice } : { state: 'unpaid' };
    },
    buildNotification(payOrderNo, amountFen, nonce) {
      const body = JSON.stringify({
        payOrderNo,
        tradeNo: `SBX${payOrderNo}`,
        amountFen,
        paidAt: new Date(options.now()).toISOString(),
      } satisfies SandboxBody);
      const timestamp = String(Math.floor(options.now() / 1000));
      return {
        headers: {
          'sandbox-timestamp': timestamp,
          'sandbox-nonce': nonce,
          'sandbox-signature': sign(timestamp, nonce, body),
          'content-type': 'application/json',
        },
        body,
      };
    },
    async verifyNotification(raw: RawNotification): Promise<PaymentNotice> {
      const timestamp = raw.headers['sandbox-timestamp'] ?? '';
      const nonce = raw.headers['sandbox-nonce'] ?? '';
      const signature = raw.headers['sandbox-signature'] ?? '';
      const expected = Buffer.from(sign(timestamp, nonce, raw.body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new PaymentVerificationError('签名不正确');
      }
      const ageMs = options.now() - Number(timestamp) * 1000;
      if (!Number.isFinite(ageMs) || ageMs > MAX_AGE_MS || ageMs < -MAX_AGE_MS) {
        throw new PaymentVerificationError('通知已过期');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.body);
      } catch {
        throw new PaymentVerificationError('通知格式不正确');
      }
      if (!isSandboxBody(body)) throw new PaymentVerificationError('通知格式不正确');
      const notice: PaymentNotice = {
        payOrderNo: body.payOrderNo,
        providerTradeNo: body.tradeNo,
        amountFen: body.amountFen,
        paidAt: new Date(body.paidAt),
      };
      paid.set(notice.payOrderNo, notice);
      return notice;
    },
    notificationAck(accepted: boolean): NotificationAck {
      return {
        status: accepted ? 200 : 400,
        contentType: 'application/json',
        body: JSON.stringify(accepted ? { code: 'SUCCESS' } : { code: 'FAIL' }),
      };
    },
    async refund(input: RefundInput) {
      return { providerRefundNo: `SBXR${input.refundNo}` };
    },
  };
}
