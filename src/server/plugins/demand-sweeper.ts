import fp from 'fastify-plugin';
import { closeOverdueDemands } from '../modules/demands/demand-service';
import { DEMAND_SERVER_MSG } from '../modules/demands/messages';
import { scheduleJob } from '../platform/cluster/jobs';
import { PROCESS_NAME } from '../platform/cluster/server-name';

/** How often demands past their decision time are closed and their escrow returned. */
const DEMAND_SWEEP_MS = 3600_000;

/**
 * Closes custom-pattern demands whose decision time after the deadline has passed, returning
 * the unspent rewards from escrow to the customer (docs/demands.md): once at start, then hourly.
 */
export const demandSweeperPlugin = fp(
  async (app) => {
    const { deps } = app;
    // Once across app servers (platform/cluster/jobs.ts).
    const sweep = scheduleJob(deps, {
      name: 'demand-sweep',
      everyMs: DEMAND_SWEEP_MS,
      origin: PROCESS_NAME,
      run: () => closeOverdueDemands(deps, DEMAND_SERVER_MSG.closedOverdue).then(() => undefined),
      onError: (err) => app.log.warn({ err }, 'demand sweep failed'),
    });
    app.addHook('onReady', async () => {
      await sweep.start();
    });
    app.addHook('onClose', async () => {
      await sweep.stop();
    });
  },
  { name: 'demand-sweeper', decorators: { fastify: ['deps'] } },
);
