import fp from 'fastify-plugin';
import { closeOverdueDemands } from '../modules/demands/demand-service';
import { DEMAND_SERVER_MSG } from '../modules/demands/messages';

/** How often demands past their decision time are closed and their escrow returned. */
const DEMAND_SWEEP_MS = 3600_000;

/**
 * Closes custom-pattern demands whose decision time after the deadline has passed, returning
 * the unspent rewards from escrow to the customer (docs/demands.md): once at start, then hourly.
 */
export const demandSweeperPlugin = fp(
  async (app) => {
    const { deps } = app;
    let timer: NodeJS.Timeout | null = null;
    const sweep = () =>
      closeOverdueDemands(deps, DEMAND_SERVER_MSG.closedOverdue).then(
        () => undefined,
        (err: unknown) => app.log.warn({ err }, 'demand sweep failed'),
      );
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), DEMAND_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
    });
  },
  { name: 'demand-sweeper', decorators: { fastify: ['deps'] } },
);
