import fp from 'fastify-plugin';
import { scheduleJob } from '../../platform/cluster/jobs';
import { PROCESS_NAME } from '../../platform/cluster/server-name';
import { sweepDueDeletions } from './deletion-service';

/** How often accounts past their deletion cooling-off are anonymised. */
const DELETION_SWEEP_MS = 3600_000;

/**
 * Anonymises accounts whose 注销 cooling-off has ended (docs/profile.md): once at start, like the
 * settlement sweep (so one that came due while the server was down is done before the first
 * request), then hourly.
 */
export const deletionSweeperPlugin = fp(
  async (app) => {
    // Once across app servers (platform/cluster/jobs.ts).
    const sweep = scheduleJob(app.deps, {
      name: 'account-deletion-sweep',
      everyMs: DELETION_SWEEP_MS,
      origin: PROCESS_NAME,
      run: () =>
        sweepDueDeletions({
          ...app.deps,
          wordIndex: app.wordIndex,
          imageIndex: app.imageIndex,
          worksChanged: app.worksChanged,
        }).then(() => undefined),
      onError: (err) => app.log.warn({ err }, 'account deletion sweep failed'),
    });
    app.addHook('onReady', async () => {
      await sweep.start();
    });
    app.addHook('onClose', async () => {
      await sweep.stop();
    });
  },
  // The work indexes are read when the sweep runs (onReady): a missing one has already failed the
  // start, with serviceOf's message, when the routes that need it registered.
  { name: 'deletion-sweeper', decorators: { fastify: ['deps'] } },
);
