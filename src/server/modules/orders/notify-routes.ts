import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatYuan } from '@shared/rules/money';
import { escapeHtml, plainPage } from '../../http/html';
import type { RawNotification } from '../../platform/payments/payment-provider';
import { SANDBOX_CONFIRM_PATH } from '../../platform/payments/sandbox';
import type { PayDeps } from './payment-service';
import { handleNotification } from './payment-service';

// Outside the contract: what payment providers call (their notification, in their own format),
// and the sandbox provider's confirm page, which pays through that very path.

const PAY_ORDER_NO = /^[A-Z0-9]{8,40}$/;

/** What the payment is for, as the sandbox page names it. */
function subjectOf(p: { title: string | null; licence_title: string | null; kind: string | null }) {
  if (p.title) return `${p.title} · ${p.licence_title ?? ''}`;
  return p.kind === 'membership' ? '纹样会员' : '纹样账户充值';
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
            '支付通知未通过验证',
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
            .send(plainPage('沙箱支付', '<h1>沙箱支付</h1><p class="bad">支付单不存在</p>'));
        }
        const payable = payment.state === 'pending' && Date.parse(payment.expires_at) > deps.now();
        const status =
          payment.state === 'paid'
            ? '<p class="ok">已支付，可返回订单页面查看</p>'
            : payable
              ? `<form method="post" action="${SANDBOX_CONFIRM_PATH}/${escapeHtml(payOrderNo)}"><button type="submit">确认支付</button></form>`
              : '<p class="bad">二维码已过期，请在订单页面刷新二维码</p>';
        return reply.send(
          plainPage(
            '沙箱支付',
            `<h1>沙箱支付</h1>
<p class="amount">${escapeHtml(formatYuan(payment.amount_fen))}</p>
<dl><dt>商品</dt><dd>${escapeHtml(subjectOf(payment))}</dd>
<dt>订单号</dt><dd>${escapeHtml(payment.order_no)}</dd>
<dt>支付单号</dt><dd>${escapeHtml(payOrderNo)}</dd></dl>
${status}
<p class="muted">沙箱支付不产生真实扣款：未配置微信支付或支付宝时，它代替真实支付渠道，走与真实支付通知相同的验证与入账流程。</p>`,
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
