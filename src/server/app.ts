import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import type { ServerConfig, TrustProxy } from './config';
import { DEFAULT_SITE_INFO } from './config';
import type { AppDeps } from './deps';
import { installErrorHandler } from './http/error-handler';
import { redactedLoggerOptions } from './http/log-redaction';
import { registerFilesRoute } from './http/files-route';
import { registerImageVariantsRoute } from './http/image-variants-route';
import { registerWebRoutes } from './http/web-routes';
import { registerAccountsRoutes } from './modules/accounts/routes';
import { registerAdminRoutes } from './modules/admin/routes';
import { registerBillingRoutes } from './modules/billing/routes';
import { registerAccountSite } from './modules/accounts/site/account-site';
import { registerCertificationRoutes } from './modules/certification/routes';
import { registerCollectionsRoutes } from './modules/collections/routes';
import { registerDemandsRoutes } from './modules/demands/routes';
import { registerNewProductsRoutes } from './modules/new-products/routes';
import { registerShowroomsRoutes } from './modules/showrooms/routes';
import { registerDesignersRoutes } from './modules/designers/routes';
import { registerDesktopReleasesRoutes } from './modules/desktop-releases/routes';
import { registerEnterpriseRoutes } from './modules/enterprise/routes';
import { registerHomeRoutes } from './modules/home/routes';
import { registerIdentityRoutes } from './modules/identity/routes';
import { registerIpsRoutes } from './modules/ips/routes';
import { registerOrdersRoutes } from './modules/orders/routes';
import { registerMembershipRoutes } from './modules/membership/routes';
import { registerNoticesRoutes } from './modules/notices/routes';
import { registerPatternsRoutes } from './modules/patterns/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerPublishingRoutes } from './modules/publishing/routes';
import { registerSaleRecordsRoutes } from './modules/sale-records/routes';
import { registerImageSearchRoutes } from './modules/search/image/routes';
import { registerWordSearchRoutes } from './modules/search/word/routes';
import { registerSeriesRoutes } from './modules/series/routes';
import { registerSettleInRoutes } from './modules/settle-in/routes';
import { registerThemesRoutes } from './modules/themes/routes';
import { registerTopicsRoutes } from './modules/topics/routes';
import { registerUploadsRoutes } from './modules/uploads/routes';
import { registerWalletRoutes } from './modules/wallet/routes';
import { registerAgreementsRoutes } from './modules/agreements/routes';
import { registerActivitiesRoutes } from './modules/activities/routes';
import { registerInvitationsRoutes } from './modules/invitations/routes';
import { registerHelpRoutes } from './modules/help/routes';
import { registerComplaintsRoutes } from './modules/complaints/routes';
import { registerCustomerServiceRoutes } from './modules/customer-service/routes';
import { registerFolkRoutes } from './modules/folk/routes';
import { registerWorksRoutes } from './modules/works/routes';
import { SERVICE_PLUGINS } from './plugins/services';
import { registerReadinessRoute } from './platform/cluster/readiness';
import { databaseRateLimitStore } from './platform/cluster/rate-limit-store';

export type BuildOptions = {
  deps: AppDeps;
  config: Pick<ServerConfig, 'webRoot' | 'nodeEnv'> &
    Partial<Pick<ServerConfig, 'trustProxy' | 'siteInfo' | 'desktopReleasesDir'>>;
  logger?: FastifyServerOptions['logger'];
  /** The service plugins to build; all of them unless a test leaves one out to see the start fail. */
  services?: readonly FastifyPluginAsync[];
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

/**
 * Security headers of every answer (helmet): a Content-Security-Policy the built renderer meets with
 * no inline script (antd writes its styles at run time, hence inline styles), framing only by the
 * marketplace itself and the origins ACCOUNT_ALLOWED_ORIGINS names (embedding platforms, the Vite
 * dev server). The account site narrows it further (account-site.ts).
 */
export function securityHeaders(allowedOrigins: readonly string[], publicFilesUrl?: string) {
  // Public previews may be read from a CDN before the bucket (S3_PUBLIC_BASE_URL, docs/storage.md).
  const publicFiles = publicFilesUrl ? [new URL(publicFilesUrl).origin] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...publicFiles],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'media-src': ["'self'", 'blob:', ...publicFiles],
        'worker-src': ["'self'", 'blob:'],
        'frame-src': ["'self'"],
        'frame-ancestors': ["'self'", ...allowedOrigins],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    // Set per request in the onSend hook: only over https.
    strictTransportSecurity: false,
    // frame-ancestors decides framing; X-Frame-Options could not name the allowed origins.
    xFrameOptions: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // Public images are also shown by the desktop renderer, whose origin is app://wenyang.
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
    // The login dialog and payment pages talk to their opener across origins.
    crossOriginOpenerPolicy: false,
  };
}

/** Builds the whole server without listening: plugins, then app decorations, then routes. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Whatever the destination, tokens, passwords and codes are cut from every line.
    logger: options.logger
      ? redactedLoggerOptions(options.logger === true ? {} : options.logger)
      : false,
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

  await app.register(cookie);
  await app.register(
    helmet,
    securityHeaders(options.deps.accounts.allowedOrigins, options.deps.storage.publicBaseUrl),
  );
  // Limits are checked where a route asks (app.createRateLimit), keyed as each route needs. On
  // PostgreSQL the counters live in the database, shared by every app server (docs/cluster.md).
  await app.register(rateLimit, {
    global: false,
    ...(options.deps.dialect === 'postgres'
      ? { store: databaseRateLimitStore(options.deps.db) }
      : {}),
  });
  app.addHook('onSend', async (request, reply) => {
    // HSTS only means something over https (directly or as the trusted proxy says).
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger, { openapi: { info: OPENAPI_INFO } });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Swagger UI sets inline styles; it is served over plain http on loopback and calls no validator.
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'")
        .replace(' validator.swagger.io', '')
        .replace(' upgrade-insecure-requests;', ''),
  });

  app.decorate('deps', options.deps);
  // Services before the routes that are given them; each one stops in its own onClose hook.
  for (const service of options.services ?? SERVICE_PLUGINS) await app.register(service);
  installErrorHandler(app);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await options.deps.db.selectFrom('app_meta').select('key').limit(1).execute();
    return { status: 'ok' };
  });
  registerReadinessRoute(app);

  registerFilesRoute(app);
  registerImageVariantsRoute(app);
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
  registerSettleInRoutes(app);
  registerIdentityRoutes(app);
  registerPublishingRoutes(app);
  registerSeriesRoutes(app);
  registerPatternsRoutes(app);
  registerSaleRecordsRoutes(app);
  registerAdminRoutes(app);
  registerCertificationRoutes(app);
  registerOrdersRoutes(app);
  registerMembershipRoutes(app);
  registerBillingRoutes(app);
  registerWalletRoutes(app);
  registerAgreementsRoutes(app);
  registerActivitiesRoutes(app);
  registerInvitationsRoutes(app);
  registerHelpRoutes(app, options.config.siteInfo ?? DEFAULT_SITE_INFO);
  registerTopicsRoutes(app);
  registerComplaintsRoutes(app);
  registerCustomerServiceRoutes(app);
  registerNoticesRoutes(app);
  registerFolkRoutes(app);
  registerDemandsRoutes(app);
  registerNewProductsRoutes(app);
  registerShowroomsRoutes(app);
  registerProfileRoutes(app);
  registerDesktopReleasesRoutes(app, options.config.desktopReleasesDir ?? null);

  await registerWebRoutes(app, options.config.webRoot);
  return app;
}
