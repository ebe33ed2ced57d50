import { join } from 'node:path';
import fp from 'fastify-plugin';
import { ImageSearchIndex } from '../modules/search/image/index';

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The image-search index of published works (image search and the duplicate check). */
    imageIndex: ImageSearchIndex;
  }
}

/** How often each server picks up works other servers published or withdrew. */
const IMAGE_INDEX_SYNC_MS = 5 * 60_000;

/**
 * The image-search index: it follows the works-changed events, loads once the app is ready (after
 * the first-start seed, never delaying listening) and stops with the app.
 */
export const imageIndexPlugin = fp(
  async (app) => {
    const index = new ImageSearchIndex(app.deps, {
      syncIntervalMs: IMAGE_INDEX_SYNC_MS,
      // Past 100,000 works the stage-one graph is kept beside the database and loaded at start.
      graphFile: app.deps.dataDir ? join(app.deps.dataDir, 'image-search', 'graph') : undefined,
      log: (line) => app.log.info(line),
    });
    app.decorate('imageIndex', index);
    const stopListening = app.worksChanged.on((ids) => {
      index.refreshWorks(ids).catch((err: unknown) => {
        app.log.warn({ err }, '以图搜图索引更新失败');
      });
    });
    app.addHook('onReady', async () => {
      index.start().catch((err: unknown) => {
        app.log.error({ err }, '以图搜图索引载入失败');
      });
    });
    app.addHook('onClose', async () => {
      stopListening();
      index.stop();
      await index.whenIdle();
    });
  },
  {
    name: 'image-index',
    decorators: { fastify: ['deps', 'worksChanged'] },
    dependencies: ['works-changed'],
  },
);
