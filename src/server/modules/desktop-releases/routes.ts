import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DESKTOP_RELEASES_ROUTE, getDesktopReleases } from '@shared/contract/desktop-releases';
import { ERROR_CODE } from '@shared/contract/envelope';
import { MSG } from '@shared/messages';
import { registerCall } from '../../http/register-call';
import { ifRangeHolds, noneMatch, readRanges } from '../../platform/storage/byte-range';
import type { ByteRange } from '../../platform/storage/storage';
import { createReleaseFolder } from './release-folder';
import type { ServedFile } from './release-folder';

// The desktop client's installers (issue 18): the list with SHA-256 for the download pages, and the
// release folder itself, which is electron-updater's generic feed (docs/desktop-distribution.md).

const CONTENT_TYPES: readonly [RegExp, string][] = [
  [/\.yml$/i, 'text/yaml; charset=utf-8'],
  [/\.exe$/i, 'application/vnd.microsoft.portable-executable'],
  [/\.dmg$/i, 'application/x-apple-diskimage'],
  [/\.AppImage$/i, 'application/vnd.appimage'],
  [/\.zip$/i, 'application/zip'],
];

const contentTypeOf = (name: string) =>
  CONTENT_TYPES.find(([pattern]) => pattern.test(name))?.[1] ?? 'application/octet-stream';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** `releasesDir` null: DESKTOP_RELEASES_DIR is unset, nothing is published. */
export function registerDesktopReleasesRoutes(
  app: FastifyInstance,
  releasesDir: string | null,
): void {
  const folder = createReleaseFolder(releasesDir, app.log);
  registerCall(app, getDesktopReleases, async () => ({ releases: await folder.releases() }));
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ code: ERROR_CODE.notFound, msg: MSG.fileNotFound, data: null });
  app.route({
    method: ['GET', 'HEAD'],
    url: `${DESKTOP_RELEASES_ROUTE}:name`,
    schema: { hide: true },
    // Installers are compressed already, and a compressed body has no byte ranges.
    compress: false,
    handler: async (request, reply) => {
      const { name } = request.params as { name: string };
      const file = await folder.servedFile(name);
      return file ? serveFile(request, reply, name, file) : notFound(reply);
    },
  });
  // The folder has no listing: /desktop/releases/ is not a page of the site either.
  app.route({
    method: ['GET', 'HEAD'],
    url: DESKTOP_RELEASES_ROUTE,
    schema: { hide: true },
    handler: async (_request, reply) => notFound(reply),
  });
}

function serveFile(request: FastifyRequest, reply: FastifyReply, name: string, file: ServedFile) {
  const etag = `"${file.size.toString(16)}-${Math.floor(file.mtime.getTime()).toString(16)}"`;
  const lastModified = file.mtime.toUTCString();
  reply.header('content-type', contentTypeOf(name));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  reply.header('last-modified', lastModified);
  // The updater must see a new feed at once; an installer's name carries its version.
  reply.header(
    'cache-control',
    file.kind === 'feed' ? 'no-cache' : 'public, max-age=31536000, immutable',
  );
  if (file.kind === 'artifact' && !name.endsWith('.blockmap')) {
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  if (noneMatch(header(request, 'if-none-match'), etag)) return reply.status(304).send();

  const asked = ifRangeHolds(header(request, 'if-range'), etag, lastModified)
    ? readRanges(header(request, 'range'), file.size)
    : ({ kind: 'whole' } as const);
  const head = request.method === 'HEAD';
  if (asked.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  if (asked.kind === 'whole') {
    reply.header('content-length', file.size);
    return head ? reply.send() : reply.send(createReadStream(file.path));
  }
  const [only, ...more] = asked.ranges;
  if (only && more.length === 0) {
    reply.status(206);
    reply.header('content-range', `bytes ${only.start}-${only.end}/${file.size}`);
    reply.header('content-length', only.end - only.start + 1);
    return head
      ? reply.send()
      : reply.send(createReadStream(file.path, { start: only.start, end: only.end }));
  }
  const body = multipartRanges(file, asked.ranges, contentTypeOf(name));
  reply.status(206);
  reply.header('content-type', `multipart/byteranges; boundary=${body.boundary}`);
  reply.header('content-length', body.length);
  return head ? reply.send() : reply.send(body.stream());
}

/** A multipart/byteranges body (RFC 9110 §14.6): the parts in the order asked, streamed from disk. */
function multipartRanges(file: ServedFile, ranges: readonly ByteRange[], contentType: string) {
  const boundary = randomBytes(12).toString('hex');
  const partHead = (range: ByteRange, first: boolean) =>
    Buffer.from(
      `${first ? '' : '\r\n'}--${boundary}\r\ncontent-type: ${contentType}\r\n` +
        `content-range: bytes ${range.start}-${range.end}/${file.size}\r\n\r\n`,
    );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length =
    ranges.reduce(
      (sum, range, i) => sum + partHead(range, i === 0).length + range.end - range.start + 1,
      0,
    ) + tail.length;
  async function* parts() {
    for (const [i, range] of ranges.entries()) {
      yield partHead(range, i === 0);
      yield* createReadStream(file.path, { start: range.start, end: range.end });
    }
    yield tail;
  }
  return { boundary, length, stream: () => Readable.from(parts()) };
}
