import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { WorkIndexes } from '../deps';
import { deletionSweeperPlugin } from '../modules/profile/deletion-sweeper-plugin';
import { demandSweeperPlugin } from './demand-sweeper';
import { imageIndexPlugin } from './image-index';
import { paymentsPlugin } from './payments';
import { searchImageSweeperPlugin } from './search-image-sweeper';
import { viewCounterPlugin } from './view-counter';
import { wordIndexPlugin } from './word-index';
import { worksChangedPlugin } from './works-changed';

/** Every service plugin, in the order app.ts registers them (a plugin after those it uses). */
export const SERVICE_PLUGINS: readonly FastifyPluginAsync[] = [
  worksChangedPlugin,
  wordIndexPlugin,
  imageIndexPlugin,
  viewCounterPlugin,
  searchImageSweeperPlugin,
  paymentsPlugin,
  demandSweeperPlugin,
  deletionSweeperPlugin,
];

/** The services routes and domain code are given (decorated onto the app by the plugins here). */
export type ServiceName =
  | 'worksChanged'
  | 'wordIndex'
  | 'imageIndex'
  | 'viewCounter'
  | 'searchImageSweeper'
  | 'payments'
  | 'commerce';

/**
 * The service `name` of the app, for a route registration that needs it: a service that was not
 * registered fails the start here, instead of a feature quietly doing nothing.
 */
export function serviceOf<K extends ServiceName>(
  app: FastifyInstance,
  name: K,
): FastifyInstance[K] {
  if (!app.hasDecorator(name)) {
    throw new Error(
      `The ${name} service is not registered: app.ts registers its plugin (src/server/plugins) before the routes that use it`,
    );
  }
  return app[name];
}

/** The services publishing, approval and withdrawal update, as this app decorates them. */
export function workIndexesOf(app: FastifyInstance): WorkIndexes {
  return {
    wordIndex: serviceOf(app, 'wordIndex'),
    imageIndex: serviceOf(app, 'imageIndex'),
    worksChanged: serviceOf(app, 'worksChanged'),
  };
}
