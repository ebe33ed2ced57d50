import fp from 'fastify-plugin';
import { createWorksChanged } from '../modules/works/work-changes';
import type { WorksChanged } from '../modules/works/work-changes';

declare module 'fastify' {
  // Declaration merging onto FastifyInstance needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Publishing, withdrawing and editing works report here; caches and indexes listen. */
    worksChanged: WorksChanged;
  }
}

/** The works-changed events of this app, for the catalogue caches and the search indexes. */
export const worksChangedPlugin = fp(
  async (app) => {
    app.decorate('worksChanged', createWorksChanged());
  },
  { name: 'works-changed' },
);
