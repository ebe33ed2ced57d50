import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerConfig, TrustProxy } from './config';
import type { AppDeps } from './deps';
import { installErrorHandler } from './http/error-handler';
import { registerFilesRoute } from './http/files-route';
import { registerWebRoutes } from './http/web-routes';
import { registerAccountsRoutes } from './modules/accounts/routes';
import { registerAdminRoutes } from './modules/admin/routes';
import { registerAccountSite } from './modules/accounts/site/account-site';
import { registerCollectionsRoutes } from './modules/collections/routes';
import { registerDesignersRoutes } from './modules/designers/routes';
import { registerEnterpriseRoutes } from './modules/enterprise/routes';
import { registerHomeRoutes } from './modules/home/routes';
import { registerIpsRoutes } from './modules/ips/routes';
import { registerPublishingRoutes } from './modules/publishing/routes';
import { registerImageSearchRoutes } from './modules/search/image/routes';
import { registerWordSearchRoutes } from './modules/search/word/routes';
import { registerThemesRoutes } from './modules/themes/routes';
import { registerUploadsRoutes } from './modules/uploads/routes';
import { registerWorksRoutes } from './modules/works/routes';

export type BuildOptions = {
  deps: AppDeps;
  config: Pick<ServerConfig, 'webRoot' | 'nodeEnv'> & Partial<Pick<ServerConfig, 'trustProxy'>>;
  logger?: FastifyServerOptions['logger'];
};

export const OPENAPI_INFO = {
  title: '纹样 Wenyang API',
  description: '纹样平台的调用约定：每个调用在 src/shared/contract 中声明一次。成功为 code 1。',
  version: '0.1.0',
};

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest N proxies". */
function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** Builds the whole server without listening: plugins, then app decorations, then routes. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.config.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    ajv: {
      customOptions: {
        removeAdditional: true,
        useDefaults: true,
        coerceTypes: 'array',
        allErrors: false,
      },
    },
  });

  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, { openapi: { info: OPENAPI_INFO } });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.decorate('deps', options.deps);
  installErrorHandler(app);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await options.deps.db.selectFrom('app_meta').select('key').limit(1).execute();
    return { status: 'ok' };
  });

  registerFilesRoute(app);
  registerAccountSite(app);
  registerAccountsRoutes(app);
  registerHomeRoutes(app);
  registerWorksRoutes(app);
  registerThemesRoutes(app);
  registerDesignersRoutes(app);
  registerEnterpriseRoutes(app);
  registerIpsRoutes(app);
  registerCollectionsRoutes(app);
  registerWordSearchRoutes(app);
  registerImageSearchRoutes(app);
  registerUploadsRoutes(app);
  registerPublishingRoutes(app);
  registerAdminRoutes(app);

  await registerWebRoutes(app, options.config.webRoot);
  return app;
}
