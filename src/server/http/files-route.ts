import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { ifRangeHolds, noneMatch, readRange } from '../platform/storage/byte-range';
import {
  FILES_ROUTE,
  PUBLIC_PREFIX,
  RangeNotSatisfiableError,
  assertValidKey,
} from '../platform/storage/storage';
import type { ByteRange, StoredHead } from '../platform/storage/storage';

/** A file name to offer for saving: 1–120 characters, no path, reserved or control characters. */
const isSafeFileName = (name: string) =>
  name.length >= 1 &&
  name.length <= 120 &&
  !/[\\/:*?"<>|]/.test(name) &&
  [...name].every((c) => c.charCodeAt(0) >= 0x20);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * Serves stored files: public keys to anyone with a long cache, others only with a valid signature.
 * Byte ranges (one per request) let the desktop client resume a download: `Range: bytes=N-` with
 * `If-Range: <ETag>` answers 206 with the rest while the file is unchanged, the whole file otherwise.
 */
export function registerFilesRoute(app: FastifyInstance): void {
  app.route({
    // GET and HEAD declared together, so HEAD answers from the file's head without reading it.
    method: ['GET', 'HEAD'],
    url: `${FILES_ROUTE}*`,
    schema: { hide: true },
    // Compressed bodies have no byte ranges and no exact length; images gain nothing from it.
    compress: false,
    handler: (request, reply) => serveFile(app, request, reply),
  });
}

async function serveFile(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { storage } = app.deps;
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
  if (!isPublic && !storage.verify(key, Number(query.expires), query.sig ?? '')) {
    return notFound();
  }
  if (isPublic && storage.publicBaseUrl) {
    // Public files are read from the CDN before the bucket; browsers keep this answer for a day.
    reply.header('cache-control', 'public, max-age=86400');
    return reply.redirect(`${storage.publicBaseUrl}/${key}`, 302);
  }

  const rangeHeader = header(request, 'range');
  const ifNoneMatch = header(request, 'if-none-match');
  const isHead = request.method === 'HEAD';
  // A plain GET opens the file at once; a conditional, ranged or HEAD request first asks its head.
  let head: StoredHead | null = null;
  let range: ByteRange | undefined;
  if (rangeHeader !== undefined || ifNoneMatch !== undefined || isHead) {
    head = await storage.head(key);
    if (!head) return notFound();
    describe(reply, head, isPublic, query.name);
    if (noneMatch(ifNoneMatch, head.etag)) return reply.status(304).send();
    if (ifRangeHolds(header(request, 'if-range'), head.etag)) {
      const asked = readRange(rangeHeader, head.size);
      if (asked.kind === 'unsatisfiable') return unsatisfiable(reply, head.size);
      if (asked.kind === 'partial') range = { start: asked.start, end: asked.end };
    }
    if (isHead) {
      if (range) partial(reply, range, head.size);
      else reply.header('content-length', head.size);
      return reply.send();
    }
  }

  let stream;
  try {
    stream = await storage.getStream(key, range);
  } catch (err) {
    if (err instanceof RangeNotSatisfiableError) return unsatisfiable(reply, err.size);
    throw err;
  }
  if (stream && range && stream.etag !== head?.etag) {
    // Replaced since its head was read: a range of the new file would not continue the old one.
    stream.body.destroy();
    stream = await storage.getStream(key);
  }
  if (!stream) return notFound();
  describe(reply, stream, isPublic, query.name);
  if (stream.range) partial(reply, stream.range, stream.size);
  else reply.header('content-length', stream.size);
  return reply.send(stream.body);
}

/** The headers of the file itself, the same for 200, 206 and 304. */
function describe(
  reply: FastifyReply,
  head: StoredHead,
  isPublic: boolean,
  name: string | undefined,
): void {
  reply.header('content-type', head.contentType);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', head.etag);
  // A signed download names its file (the licensee's original): saved, not shown.
  if (!isPublic && name && isSafeFileName(name)) {
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  reply.header(
    'cache-control',
    isPublic ? 'public, max-age=31536000, immutable' : 'private, max-age=300',
  );
}

function partial(reply: FastifyReply, range: ByteRange, size: number): void {
  reply.status(206);
  reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', range.end - range.start + 1);
}

/** 416 with the file's size, so the client can start over; no body to misread as the file. */
function unsatisfiable(reply: FastifyReply, size: number) {
  for (const name of ['content-type', 'content-disposition', 'etag']) reply.removeHeader(name);
  reply.header('content-range', `bytes */${size}`);
  reply.header('accept-ranges', 'bytes');
  return reply.status(416).send();
}
