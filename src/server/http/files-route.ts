import type { FastifyInstance } from 'fastify';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { FILES_ROUTE, PUBLIC_PREFIX, assertValidKey } from '../platform/storage/storage';

/** A file name to offer for saving: 1–120 characters, no path, reserved or control characters. */
const isSafeFileName = (name: string) =>
  name.length >= 1 &&
  name.length <= 120 &&
  !/[\\/:*?"<>|]/.test(name) &&
  [...name].every((c) => c.charCodeAt(0) >= 0x20);

/** Serves stored files: public keys to anyone with a long cache, others only with a valid signature. */
export function registerFilesRoute(app: FastifyInstance): void {
  app.get(`${FILES_ROUTE}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query as { expires?: string; sig?: string; name?: string };
    const notFound = () =>
      reply.status(404).send({ code: ERROR_CODE.notFound, msg: MSG.fileNotFound, data: null });
    try {
      assertValidKey(key);
    } catch {
      return notFound();
    }
    const isPublic = key.startsWith(PUBLIC_PREFIX);
    if (!isPublic && !app.deps.storage.verify(key, Number(query.expires), query.sig ?? '')) {
      return notFound();
    }
    const object = await app.deps.storage.get(key);
    if (!object) return notFound();
    reply.header('content-type', object.contentType);
    reply.header('x-content-type-options', 'nosniff');
    // A signed download names its file (the licensee's original): saved, not shown.
    if (!isPublic && query.name && isSafeFileName(query.name)) {
      reply.header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(query.name)}`,
      );
    }
    reply.header(
      'cache-control',
      isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=300',
    );
    return reply.send(object.body);
  });
}
