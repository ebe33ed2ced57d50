import fp from 'fastify-plugin';
import { sweepSearchImages } from '../modules/search/image/search-images';
import { scheduleJob } from '../platform/cluster/jobs';
import { PROCESS_NAME } from '../platform/cluster/server-name';

/** The scheduled removal of expired search images. */
export type SearchImageSweeper = {
  /** Whether the next sweep is scheduled (closing the app must end it). */
  readonly scheduled: boolean;
};

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    searchImageSweeper: SearchImageSweeper;
  }
}

/** How often expired search images are removed. */
const SEARCH_IMAGE_SWEEP_MS = 6 * 3600_000;

/**
 * Expired search images go at start and every 6 hours, once across app servers (they share the
 * storage: several servers need S3, docs/deploy.md).
 */
export const searchImageSweeperPlugin = fp(
  async (app) => {
    const sweep = scheduleJob(app.deps, {
      name: 'search-image-sweep',
      everyMs: SEARCH_IMAGE_SWEEP_MS,
      origin: PROCESS_NAME,
      run: async () => {
        const days = await sweepSearchImages(app.deps);
        if (days.length > 0) app.log.info(`已清理过期的搜图图片：${days.join('、')}`);
      },
      onError: (err) => app.log.warn({ err }, '清理过期搜图图片失败'),
    });
    app.decorate('searchImageSweeper', {
      get scheduled() {
        return sweep.scheduled;
      },
    });
    app.addHook('onReady', async () => {
      // Not awaited: the start does not wait for files to be listed.
      void sweep.start();
    });
    app.addHook('onClose', async () => {
      await sweep.stop();
    });
  },
  { name: 'search-image-sweeper', decorators: { fastify: ['deps'] } },
);
