import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatYuan } from '@shared/rules/money';
import { escapeHtml, plainPage } from '../../http/html';
import type { RawNotification } from '../../platform/payments/payment-provider';
import { SANDBOX_CONFIRM_PATH } from '../../platform/payments/sandbox';
import type { PayDeps } from './payment-service';
import { handleNotification } from './payment-service';
import { ORDERS_MSG } from './messages';

// Outside the contract: what payment providers call (their notification, in their own format),
// and the sandbox provider's confirm page, which pays through that very path.

const PAY_ORDER_NO = /^[A-Z0-9]{8,40}$/;

/** What the payment is for, as the sandbox page names it. */
function subjectOf(p: { title: string | null; licence_title: string | null; kind: string | null }) {
  if (p.title) return `${p.title} · ${p.licence_title ?? ''}`;
  if (p.kind === 'membership') return ORDERS_MSG.sandboxPage.membershipSubject;
  return p.kind === 'dosing'
    ? ORDERS_MSG.sandboxPage.dosingSubject
    : ORDERS_MSG.sandboxPage.rechargeSubject;
}

export function registerPaymentNotifyRoutes(app: FastifyInstance, deps: PayDeps): void {
  void app.register(async (scope) => {
    // Providers sign the exact bytes they send: keep the body as text, whatever its type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    scope.post<{ Params: { channel: string } }>(
      '/pay/notify/:channel',
      { schema: { hide: true } },
      async (request, reply) => {
        const provider = deps.payments.provider(request.params.channel);
        if (!provider) return reply.status(404).send('unknown channel');
        const headers: RawNotification['headers'] = {};
        for (const [name, value] of Object.entries(request.headers)) {
          headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
        }
        const raw = { headers, body: typeof request.body === 'string' ? request.body : '' };
        const result = await handleNotification(deps, provider.channel, raw);
        if (!result.accepted) {
          request.log.warn(
            { channel: provider.channel, reason: result.error },
            ORDERS_MSG.pay.notificationRejected,
          );
        }
        const ack = provider.notificationAck(result.accepted);
        return reply.status(ack.status).type(ack.contentType).send(ack.body);
      },
    );

    // The sandbox's "phone": what the QR opens. Shows the payment and pays it on confirm.
    scope.get<{ Params: { payOrderNo: string } }>(
      `${SANDBOX_CONFIRM_PATH}/:payOrderNo`,
      { schema: { hide: true } },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        const sandbox = deps.payments.sandbox;
        const { payOrderNo } = request.params;
        const payment =
          sandbox && PAY_ORDER_NO.test(payOrderNo)
            ? await deps.db
                .selectFrom('payments as p')
                .leftJoin('orders as o', 'o.order_no', 'p.order_no')
                .leftJoin('works as w', 'w.id', 'o.work_id')
                .leftJoin('service_orders as s', 's.order_no', 'p.order_no')
                .select([
                  'p.amount_fen',
                  'p.state',
                  'p.expires_at',
                  'p.channel',
                  'p.order_no',
                  'w.title',
                  'o.licence_title',
                  's.kind',
                ])
                .where('p.pay_order_no', '=', payOrderNo)
                .executeTakeFirst()
            : undefined;
        if (!payment || payment.channel !== 'sandbox') {
          return reply
            .status(404)
            .send(
              plainPage(ORDERS_MSG.sandboxPage.title, ORDERS_MSG.sandboxPage.paymentMissingBody),
            );
        }
        const payable = payment.state === 'pending' && Date.parse(payment.expires_at) > deps.now();
        const status =
          payment.state === 'paid'
            ? ORDERS_MSG.sandboxPage.paid
            : payable
              ? ORDERS_MSG.sandboxPage.confirmForm(
                  `${SANDBOX_CONFIRM_PATH}/${escapeHtml(payOrderNo)}`,
                )
              : ORDERS_MSG.sandboxPage.qrExpired;
        return reply.send(
          plainPage(
            ORDERS_MSG.sandboxPage.title,
            ORDERS_MSG.sandboxPage.body({
              amount: escapeHtml(formatYuan(payment.amount_fen)),
              subject: escapeHtml(subjectOf(payment)),
              orderNo: escapeHtml(payment.order_no),
              payOrderNo: escapeHtml(payOrderNo),
              status,
            }),
          ),
        );
      },
    );

    scope.post<{ Params: { payOrderNo: string } }>(
      `${SANDBOX_CONFIRM_PATH}/:payOrderNo`,
      { schema: { hide: true } },
      async (request, reply) => {
        const sandbox = deps.payments.sandbox;
        const { payOrderNo } = request.params;
        if (!sandbox || !PAY_ORDER_NO.test(payOrderNo)) return reply.status(404).send();
        const payment = await deps.db
          .selectFrom('payments')
          .select(['amount_fen', 'state', 'expires_at', 'channel'])
          .where('pay_order_no', '=', payOrderNo)
          .executeTakeFirst();
        if (
          payment?.channel === 'sandbox' &&
          payment.state === 'pending' &&
          Date.parse(payment.expires_at) > deps.now()
        ) {
          const raw = sandbox.buildNotification(
            payOrderNo,
            payment.amount_fen,
            randomBytes(12).toString('hex'),
          );
          await handleNotification(deps, 'sandbox', raw);
        }
        return reply.redirect(`${SANDBOX_CONFIRM_PATH}/${payOrderNo}`, 303);
      },
    );
  });
}
