import fp from 'fastify-plugin';
import type { CommerceConfig } from '../modules/orders/order-service';
import { DEFAULT_COMMERCE_CONFIG } from '../modules/orders/order-service';
import type { PaymentChannels } from '../modules/orders/payment-service';
import { settleDue } from '../modules/orders/payment-service';
import { createSandboxProvider } from '../platform/payments/sandbox';
import { fulfilServiceOrder } from '../modules/membership/membership-service';
import { scheduleJob } from '../platform/cluster/jobs';
import { PROCESS_NAME } from '../platform/cluster/server-name';

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

    // Once across app servers (platform/cluster/jobs.ts).
    const sweep = scheduleJob(deps, {
      name: 'settlement',
      everyMs: SETTLE_SWEEP_MS,
      origin: PROCESS_NAME,
      run: () =>
        settleDue({ db: deps.db, now: deps.now, commerce, payments: channels }).then(
          () => undefined,
        ),
      onError: (err) => app.log.warn({ err }, '结算设计师收益失败'),
    });
    app.addHook('onReady', async () => {
      // At start when due, so shares that came due while the servers were down (or the demo's past
      // sales) are settled before the first request, then every hour.
      await sweep.start();
    });
    app.addHook('onClose', async () => {
      await sweep.stop();
    });
  },
  { name: 'payments', decorators: { fastify: ['deps'] } },
);
