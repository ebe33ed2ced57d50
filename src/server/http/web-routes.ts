import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { sessionCookieDomain } from './cookie-domain';
import { isApiPath } from './error-handler';
import { lcpPreloadFor } from './lcp-preload';
import { routePreloads } from './route-preload';

/** The meta tag that carries the session cookie domain to the renderer (lib/cookies.ts). */
export const COOKIE_DOMAIN_META = 'wenyang-cookie-domain';

const MISSING_BUILD_PAGE = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>纹样</title>
<body><p>前端尚未构建：请先运行 npm run build:web，或使用 npm start（会自动构建）。</p></body></html>`;

/** Serves the built renderer: hashed assets cached for a year, every other page path → index.html. */
export async function registerWebRoutes(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = join(webRoot, 'index.html');
  const hasBuild = existsSync(indexFile);
  const indexHtml = () => (hasBuild ? readFileSync(indexFile, 'utf8') : MISSING_BUILD_PAGE);
  const routePreload = hasBuild ? routePreloads(webRoot) : () => '';

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Our own cache headers below: the plugin's default would overwrite them with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${join(webRoot, 'assets')}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) {
      return reply
        .status(404)
        .send({ code: ERROR_CODE.unknownApi, msg: MSG.apiNotFound, data: null });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .status(404)
        .send({ code: ERROR_CODE.unknownApi, msg: MSG.apiNotFound, data: null });
    }
    // A missing hashed asset must not be answered with the page: the browser would run HTML as JS.
    if (request.url.startsWith('/assets/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    // §4 The page learns the cookie domain from the server, which knows the public suffix list.
    const domain = sessionCookieDomain(request.hostname);
    const cookieMeta = `<meta name="${COOKIE_DOMAIN_META}" content="${domain}">`;
    // Issue 16: the page's largest picture is requested with the HTML (docs/page-images.md).
    const preload = hasBuild
      ? await lcpPreloadFor(app.deps, request.url).catch((err: unknown) => {
          request.log.warn({ err }, 'LCP preload lookup failed');
          return '';
        })
      : '';
    const pathname = new URL(request.url, 'http://page.invalid').pathname;
    const meta = `${domain ? cookieMeta : ''}${preload}${routePreload(pathname)}`;
    const page = indexHtml();
    const html = !meta
      ? page
      : page.includes('</head>')
        ? page.replace('</head>', `${meta}</head>`)
        : page.replace('<body', `${meta}<body`);
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
