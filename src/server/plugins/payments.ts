import fp from 'fastify-plugin';
import type { CommerceConfig } from '../modules/orders/order-service';
import { DEFAULT_COMMERCE_CONFIG } from '../modules/orders/order-service';
import type { PaymentChannels } from '../modules/orders/payment-service';
import { settleDue } from '../modules/orders/payment-service';
import { createSandboxProvider } from '../platform/payments/sandbox';
import { fulfilServiceOrder } from '../modules/membership/membership-service';

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    payments: PaymentChannels;
    commerce: CommerceConfig;
  }
}

/** How often designers' shares are settled and unsent refunds retried. */
const SETTLE_SWEEP_MS = 3600_000;

/**
 * The payment channels (configured WeChat Pay / Alipay adapters, else the sandbox where allowed)
 * and the commerce settings, plus the hourly settlement sweep.
 */
export const paymentsPlugin = fp(
  async (app) => {
    const { deps } = app;
    const commerce: CommerceConfig = { ...DEFAULT_COMMERCE_CONFIG, ...deps.commerce };
    const real = deps.paymentProviders ?? {};
    const sandboxAllowed = deps.sandboxPayments ?? !deps.production;
    const sandbox = sandboxAllowed
      ? createSandboxProvider({ secret: deps.signingSecret, now: deps.now })
      : null;
    const channels: PaymentChannels = {
      fulfilers: {
        membership: fulfilServiceOrder,
        recharge: fulfilServiceOrder,
        dosing: fulfilServiceOrder,
      },
      qrProvider: (method) => real[method] ?? sandbox,
      provider: (channel) =>
        channel === 'sandbox'
          ? sandbox
          : channel === 'wechat' || channel === 'alipay'
            ? (real[channel] ?? null)
            : null,
      sandbox,
    };
    app.decorate('payments', channels);
    app.decorate('commerce', commerce);

    let timer: NodeJS.Timeout | null = null;
    const sweep = () =>
      settleDue({ db: deps.db, now: deps.now, commerce, payments: channels }).then(
        () => undefined,
        (err: unknown) => app.log.warn({ err }, '结算设计师收益失败'),
      );
    app.addHook('onReady', async () => {
      // Once at start, so shares that came due while the server was down (or the demo's past
      // sales) are settled before the first request, then every hour.
      await sweep();
      timer = setInterval(() => void sweep(), SETTLE_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
    });
  },
  { name: 'payments', decorators: { fastify: ['deps'] } },
);
