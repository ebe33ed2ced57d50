/**
 * A payment provider: the one shape the sandbox, WeChat Pay (API v3, Native QR), Alipay
 * (face-to-face precreate) and the bank-transfer and balance channels share. Orders never talk to
 * a provider's API directly; they go through this interface, so the sandbox exercises exactly the
 * path a real provider takes (create a QR order → the provider notifies → verify → pay once).
 *
 * Every amount is an integer number of fen.
 */

/** The QR channels a buyer scans, plus the two channels without a QR. */
export type PayChannel = 'sandbox' | 'wechat' | 'alipay' | 'bank' | 'balance';

export type CreateQrInput = {
  /** Our payment number (unique per payment attempt); the provider's out_trade_no. */
  payOrderNo: string;
  amountFen: number;
  /** What the buyer sees in the payment app, e.g. 纹样授权-作品名. At most 127 characters. */
  subject: string;
  /** When the QR stops being payable. */
  expiresAt: Date;
  /** The public URL the provider posts its notification to. */
  notifyUrl: string;
};

export type CreateQrResult = {
  /** The text the QR code encodes (weixin://wxpay/…, https://qr.alipay.com/…, or the sandbox page). */
  qrContent: string;
};

/** A verified statement from the provider that a payment succeeded. */
export type PaymentNotice = {
  payOrderNo: string;
  /** The provider's own transaction number (transaction_id, trade_no). */
  providerTradeNo: string;
  amountFen: number;
  paidAt: Date;
};

/** A notification exactly as it reached us: header names lower-cased, the raw body text. */
export type RawNotification = {
  headers: Record<string, string | undefined>;
  body: string;
};

export type QueryResult =
  { state: 'paid'; notice: PaymentNotice } | { state: 'unpaid' } | { state: 'closed' };

export type RefundInput = {
  payOrderNo: string;
  /** Our refund number, unique per refund; a retry with the same number refunds once. */
  refundNo: string;
  refundFen: number;
  /** The amount of the original payment. */
  totalFen: number;
  reason: string;
};

/** What we answer the provider after handling its notification. */
export type NotificationAck = { status: number; contentType: string; body: string };

export type PaymentProvider = {
  readonly channel: PayChannel;
  /** Creates a payable QR order at the provider. */
  createQr(input: CreateQrInput): Promise<CreateQrResult>;
  /** Asks the provider for the state of a payment (used when a notification is late). */
  query(payOrderNo: string): Promise<QueryResult>;
  /**
   * Verifies a notification (signature, and decryption where the provider encrypts it) and
   * returns what it states. Throws `PaymentVerificationError` on anything forged, tampered with,
   * stale or not a success. The caller still checks the amount and the order against its own rows.
   */
  verifyNotification(raw: RawNotification): Promise<PaymentNotice>;
  /** The answer the provider expects after a notification was handled (or refused). */
  notificationAck(accepted: boolean): NotificationAck;
  /** Refunds (part of) a payment. */
  refund(input: RefundInput): Promise<{ providerRefundNo: string }>;
};

/** A notification that does not verify: forged, tampered with, replayed too late, or not a success. */
export class PaymentVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentVerificationError';
  }
}

/** How a provider reaches its API: injected, so tests assert requests and never touch the network. */
export type HttpTransport = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}) => Promise<{ status: number; headers: Record<string, string | undefined>; body: string }>;
