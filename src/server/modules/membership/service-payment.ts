import type { MemberPayOrder } from '@shared/contract/membership';
import { AppError } from '../../http/app-error';
import { newOrderNo } from '../orders/order-service';
import type { PayDeps } from '../orders/payment-service';
import { MEMBER_MSG } from './messages';

// A service order (membership, recharge, add-on pack) and its payment: the orders module's payments
// apply it and call the purpose's fulfiler (plugins/payments.ts), which is fulfilServiceOrder.

const iso = (ms: number) => new Date(ms).toISOString();

const ORDER_PREFIX = { membership: 'VM', recharge: 'RC', dosing: 'VD' } as const;

export type ServiceOrderInput = {
  userId: number;
  kind: 'membership' | 'recharge' | 'dosing';
  packageId: number | null;
  years: number | null;
  amountFen: number;
  subject: string;
};

/** A service order and its payment: a QR (WeChat Pay / Alipay, or the sandbox) or a bank transfer. */
export async function createServicePayment(
  deps: PayDeps,
  input: ServiceOrderInput,
  channel: 'wechat' | 'alipay' | 'bank',
  payMethod: number,
  origin: string,
): Promise<MemberPayOrder> {
  const nowMs = deps.now();
  const orderNo = newOrderNo(ORDER_PREFIX[input.kind], nowMs);
  const payOrderNo = newOrderNo(channel === 'bank' ? 'PB' : 'PQ', nowMs);
  const expiresMs =
    nowMs + (channel === 'bank' ? deps.commerce.bankTransferTtlMs : deps.commerce.orderTtlMs);
  let qrCode = '';
  let realChannel: string = channel;
  if (channel !== 'bank') {
    const provider = deps.payments.qrProvider(channel);
    if (!provider) throw AppError.rule(MEMBER_MSG.methodUnavailable);
    qrCode = (
      await provider.createQr({
        payOrderNo,
        amountFen: input.amountFen,
        subject: input.subject,
        expiresAt: new Date(expiresMs),
        notifyUrl: new URL(`/pay/notify/${provider.channel}`, origin).href,
      })
    ).qrContent;
    realChannel = provider.channel;
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('service_orders')
      .values({
        order_no: orderNo,
        user_id: input.userId,
        kind: input.kind,
        package_id: input.packageId,
        years: input.years,
        amount_fen: input.amountFen,
        state: 'pending',
        expires_at: iso(expiresMs),
        created_at: iso(nowMs),
      })
      .execute();
    await trx
      .insertInto('payments')
      .values({
        pay_order_no: payOrderNo,
        order_no: orderNo,
        buyer_id: input.userId,
        channel: realChannel,
        pay_method: payMethod,
        purpose: input.kind,
        amount_fen: input.amountFen,
        state: 'pending',
        qr_content: qrCode,
        expires_at: iso(expiresMs),
        created_at: iso(nowMs),
      })
      .execute();
  });
  return {
    qrCode,
    payOrderNo,
    orderNo,
    amountFen: input.amountFen,
    years: input.years ?? 0,
    expiresAt: iso(expiresMs),
    channel: realChannel,
    bank:
      channel === 'bank'
        ? {
            ...deps.commerce.bankAccount,
            reference: orderNo,
            note: MEMBER_MSG.bankNote(orderNo),
          }
        : null,
  };
}
