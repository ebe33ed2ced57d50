import fp from 'fastify-plugin';
import { createViewCounter } from '../modules/works/view-counter';
import type { ViewCounter } from '../modules/works/view-counter';

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Work views counted in memory and written in batches. */
    viewCounter: ViewCounter;
  }
}

/** How long views are gathered before they are written in one transaction. */
const VIEW_FLUSH_MS = 1_000;

/** The view counter; closing the app writes the views still pending. */
export const viewCounterPlugin = fp(
  async (app) => {
    const views = createViewCounter(app.deps.db, {
      flushMs: VIEW_FLUSH_MS,
      log: (line) => app.log.warn(line),
    });
    app.decorate('viewCounter', views);
    app.addHook('onClose', async () => {
      await views.stop();
    });
  },
  { name: 'view-counter', decorators: { fastify: ['deps'] } },
);
