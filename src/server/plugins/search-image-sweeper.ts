import fp from 'fastify-plugin';
import { sweepSearchImages } from '../modules/search/image/search-images';

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

/** Expired search images go at start and every 6 hours (each server may run it; removal is idempotent). */
export const searchImageSweeperPlugin = fp(
  async (app) => {
    let timer: NodeJS.Timeout | null = null;
    const sweep = () => {
      sweepSearchImages(app.deps)
        .then((days) => {
          if (days.length > 0) app.log.info(`已清理过期的搜图图片：${days.join('、')}`);
        })
        .catch((err: unknown) => app.log.warn({ err }, '清理过期搜图图片失败'));
    };
    app.decorate('searchImageSweeper', {
      get scheduled() {
        return timer !== null;
      },
    });
    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, SEARCH_IMAGE_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
    });
  },
  { name: 'search-image-sweeper', decorators: { fastify: ['deps'] } },
);
