import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { DocumentPayChannel, ReceiptData } from '../../platform/documents/pdf-documents';
import { renderReceipt } from '../../platform/documents/pdf-documents';
import { BILLING_MSG } from './messages';

// Receipts (票据, /user/billManagement/ticket): one per payment or refund. The payer asks for a
// link (Finance/GetReceiptLink); the link is signed and expires; the PDF is rendered on its first
// request and kept in storage under private/receipts/ for the ones after.

type Deps = Pick<AppDeps, 'db' | 'now' | 'storage' | 'signingSecret'>;

/** How long a receipt link stays valid. */
export const RECEIPT_LINK_TTL_S = 30 * 60;

const BILL_NO = /^[A-Z0-9]{8,48}$/;
const CHANNELS: readonly DocumentPayChannel[] = ['wechat', 'alipay', 'bank', 'balance', 'sandbox'];

export const receiptKey = (billNo: string) => `private/receipts/${billNo}.pdf`;

const sign = (secret: string, billNo: string, expires: number) =>
  createHmac('sha256', `receipts:${secret}`).update(`${billNo}:${expires}`).digest('base64url');

export function verifyReceiptSignature(
  secret: string,
  billNo: string,
  expires: number,
  sig: string,
  nowMs: number,
): boolean {
  if (!BILL_NO.test(billNo) || !Number.isInteger(expires) || expires * 1000 < nowMs) return false;
  const expected = Buffer.from(sign(secret, billNo, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Bill = {
  kind: 'payment' | 'refund';
  billNo: string;
  buyerId: number;
  orderNo: string;
  channel: string;
  amountFen: number;
  at: string;
  note: string;
};

/** A payment that took money, or a refund, by its number. */
async function findBill(deps: Deps, billNo: string): Promise<Bill | undefined> {
  const payment = await deps.db
    .selectFrom('payments')
    .select([
      'pay_order_no',
      'buyer_id',
      'order_no',
      'channel',
      'amount_fen',
      'paid_at',
      'created_at',
    ])
    .where('pay_order_no', '=', billNo)
    .where('state', 'in', ['paid', 'refunded'])
    .executeTakeFirst();
  if (payment) {
    return {
      kind: 'payment',
      billNo,
      buyerId: payment.buyer_id,
      orderNo: payment.order_no,
      channel: payment.channel,
      amountFen: payment.amount_fen,
      at: payment.paid_at ?? payment.created_at,
      note: '',
    };
  }
  const refund = await deps.db
    .selectFrom('refunds')
    .selectAll()
    .where('refund_no', '=', billNo)
    .executeTakeFirst();
  if (!refund) return undefined;
  return {
    kind: 'refund',
    billNo,
    buyerId: refund.buyer_id,
    orderNo: refund.order_no,
    channel: refund.channel,
    amountFen: refund.amount_fen,
    at: refund.created_at,
    note: refund.reason,
  };
}

/** Finance/GetReceiptLink: a signed, expiring link to the receipt; only the payer gets one. */
export async function receiptLink(
  deps: Deps,
  buyerId: number,
  billNo: string,
): Promise<{ url: string; expiresAt: string }> {
  const bill = await findBill(deps, billNo);
  // Someone else's payment is answered as not found: its number tells nothing.
  if (!bill || bill.buyerId !== buyerId) throw AppError.notFound(BILLING_MSG.receipt.notFound);
  const expires = Math.floor(deps.now() / 1000) + RECEIPT_LINK_TTL_S;
  return {
    url: `/receipts/${billNo}.pdf?expires=${expires}&sig=${sign(deps.signingSecret, billNo, expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

async function receiptData(deps: Deps, bill: Bill): Promise<ReceiptData> {
  const order = await deps.db
    .selectFrom('orders as o')
    .innerJoin('works as w', 'w.id', 'o.work_id')
    .innerJoin('users as u', 'u.id', 'o.buyer_id')
    .select([
      'w.title',
      'o.licence_title',
      'o.term_years',
      'o.buyer_name',
      'u.user_name',
      'u.phone',
    ])
    .where('o.order_no', '=', bill.orderNo)
    .executeTakeFirst();
  const channel = CHANNELS.find((c) => c === bill.channel) ?? 'sandbox';
  const description = order
    ? BILLING_MSG.receipt.workLine(order.title, order.licence_title, order.term_years)
    : BILLING_MSG.receipt.orderLine(bill.orderNo);
  return {
    receiptNo: bill.billNo,
    kind: bill.kind,
    payer: {
      name: order?.buyer_name || order?.user_name || BILLING_MSG.receipt.defaultPayer,
      phone: order?.phone ?? null,
    },
    amountFen: bill.amountFen,
    lines: [{ description, amountFen: bill.amountFen, quantity: 1 }],
    paidAt: Date.parse(bill.at),
    channel,
    orderNo: bill.orderNo,
    note: bill.note || null,
  };
}

/** The receipt's PDF: from storage, or rendered once and stored. Null for an unknown number. */
export async function receiptPdf(deps: Deps, billNo: string): Promise<Buffer | null> {
  const key = receiptKey(billNo);
  const stored = await deps.storage.get(key);
  if (stored) return stored.body;
  const bill = await findBill(deps, billNo);
  if (!bill) return null;
  const pdf = await renderReceipt(await receiptData(deps, bill));
  await deps.storage.put(key, pdf, 'application/pdf');
  return pdf;
}
