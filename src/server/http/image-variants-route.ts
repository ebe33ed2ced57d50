import type { FastifyInstance } from 'fastify';
import { ERROR_CODE } from '@shared/contract/envelope';
import { IMAGE_VARIANTS_ROUTE, isVariantFormat, isVariantWidth } from '@shared/image-variants';
import { MSG } from '@shared/messages';
import { createImageVariants, warmVariants } from '../modules/images/image-variants';

/**
 * `/img/<width>/<format>/<public key>`: a public stored image resized to one of the fixed widths,
 * in WebP or JPEG (issue 16). Made once and kept in storage; cached by browsers for a year, since
 * the bytes behind a URL only change when the source's content does (the ETag names that content).
 */
export function registerImageVariantsRoute(app: FastifyInstance): void {
  const variants = createImageVariants(app.deps.storage);
  // Works published before this route existed get their first copies in the background.
  let closing = false;
  let warming: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    warming = warmVariants(app.deps.db, variants, () => closing).catch((err: unknown) =>
      app.log.warn({ err }, 'image variants backfill stopped'),
    );
  });
  app.addHook('onClose', async () => {
    closing = true;
    await warming;
  });
  app.get(
    `${IMAGE_VARIANTS_ROUTE}:width/:format/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const params = request.params as { width: string; format: string; '*': string };
      const notFound = () =>
        reply.status(404).send({ code: ERROR_CODE.notFound, msg: MSG.fileNotFound, data: null });
      const width = /^[1-9]\d{0,3}$/.test(params.width) ? Number(params.width) : NaN;
      if (!isVariantWidth(width) || !isVariantFormat(params.format)) return notFound();
      const variant = await variants.get(params['*'], width, params.format);
      if (!variant) return notFound();
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('etag', variant.etag);
      reply.header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === variant.etag) return reply.status(304).send();
      reply.header('content-type', variant.contentType);
      return reply.send(variant.body);
    },
  );
}
