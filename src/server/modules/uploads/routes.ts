import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { ERROR_CODE } from '@shared/contract/envelope';
import { CREATION_UPLOAD_MAX_BYTES, UPLOAD_PATH, genPostPolicy } from '@shared/contract/uploads';
import type { UploadedFile } from '@shared/contract/uploads';
import { MSG } from '@shared/messages';
import { PATTERN_FILE_MESSAGES } from '@shared/rules/publishing';
import { AppError } from '../../http/app-error';
import { registerCall, signedInCaller } from '../../http/register-call';
import type { SessionUser } from '../../http/session-auth';
import { iso } from '../accounts/clock';
import { checkPolicy, issuePolicy } from './upload-policy';
import type { PolicyClaims } from './upload-policy';
import { checkUploadQuota } from './upload-quota';
import { UPLOAD_MSG } from './messages';

/** Largest image (in pixels) decoded: above it a file is treated as a decompression bomb. */
export const MAX_UPLOAD_PIXELS = 120_000_000;

const FORMAT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  tiff: 'image/tiff',
};

/** The upload's permission from GenPostPolicy, in the query (the body is the file's bytes). */
const UploadQuery = Type.Object({
  policy: Type.String({ maxLength: 4096 }),
  signature: Type.String({ maxLength: 256 }),
});
type UploadQuery = Static<typeof UploadQuery>;
// The permission is checked before the body is read, so before Fastify validates the query.
const uploadQueryShape = TypeCompiler.Compile(UploadQuery);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Whether a PNG is whole: the signature, then chunks each with its full length of data and a right
 * CRC (over type and data), an IHDR first, at least one IDAT, and IEND.
 */
export function pngIntact(bytes: Buffer): boolean {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return false;
  }
  let at = 8;
  let first = true;
  let sawData = false;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) {
      return false;
    }
    if (first && type !== 'IHDR') return false;
    first = false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData;
    at = end;
  }
  return false;
}

/** Reads what the bytes really are; refuses empty, truncated, non-image and oversized-in-pixels files. */
export async function inspectImage(
  body: Buffer,
): Promise<{ format: string; width: number; height: number }> {
  if (body.length === 0) throw AppError.rule(PATTERN_FILE_MESSAGES.empty);
  let meta: Metadata;
  try {
    meta = await sharp(body, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' }).metadata();
  } catch (err) {
    const text = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(text)) throw AppError.rule(UPLOAD_MSG.tooManyPixels);
    throw AppError.rule(MSG.imageNotRecognised);
  }
  const format = String(meta.format ?? '');
  if (!FORMAT_TYPES[format] || !meta.width || !meta.height) {
    throw AppError.rule(MSG.imageFormatsAccepted);
  }
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) {
    throw AppError.rule(UPLOAD_MSG.tooManyPixels);
  }
  // A truncated file can pass the header check. A PNG is checked by its structure: every chunk whole
  // and its CRC right, through IEND (~1 ms a MB; decoding its pixels cost 25–50 ms a file, most of
  // the server's work per upload, and the preview step decodes it once the work is made). The other
  // formats are decoded fully, cheaply at a small size (JPEG and WebP shrink while decoding).
  if (format === 'png') {
    if (!pngIntact(body)) throw AppError.rule(MSG.imageTruncated);
    return { format, width: meta.width, height: meta.height };
  }
  try {
    await sharp(body, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'truncated' })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw AppError.rule(MSG.imageTruncated);
  }
  return { format, width: meta.width, height: meta.height };
}

/** Builds the upload routes; the daily quotas are the configured ones (deps.uploadQuotas). */
export function registerUploadsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const quotas = deps.uploadQuotas;

  registerCall(app, genPostPolicy, async (_input, { currentUser }) => {
    const me = currentUser();
    // Nothing left today: say so now rather than after the bytes are sent.
    await checkUploadQuota(deps.db, quotas, me, deps.now(), 0);
    return issuePolicy(deps.signingSecret, me.id, deps.now());
  });

  /** The signed-in sender and a valid permission of theirs, or the reason why not. */
  const authorise = async (request: FastifyRequest) => {
    const user = await signedInCaller(app, request);
    // A missing or malformed permission is no permission: checkPolicy refuses the empty one.
    const query: UploadQuery = uploadQueryShape.Check(request.query)
      ? request.query
      : { policy: '', signature: '' };
    const check = checkPolicy(
      deps.signingSecret,
      query.policy,
      query.signature,
      user.id,
      deps.now(),
    );
    if (!check.ok) throw new AppError(ERROR_CODE.forbidden, check.reason, 403);
    return { user, claims: check.claims };
  };
  const granted = new WeakMap<
    FastifyRequest,
    { user: SessionUser; claims: PolicyClaims; quotaCovers: number }
  >();

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CREATION_UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put(
      UPLOAD_PATH,
      {
        bodyLimit: CREATION_UPLOAD_MAX_BYTES,
        schema: { hide: true, querystring: UploadQuery },
        // Before the body is read: a guest, a bad permission or a spent quota costs no 40 MB.
        onRequest: async (request) => {
          const sender = await authorise(request);
          const declared = Number(request.headers['content-length'] ?? 0);
          const incoming = Number.isSafeInteger(declared) && declared > 0 ? declared : 0;
          const { used, quota } = await checkUploadQuota(
            deps.db,
            quotas,
            sender.user,
            deps.now(),
            incoming,
          );
          // A body of up to this many bytes needs no second check: the size declared, or, sent
          // without a length (a streamed upload), the largest file allowed if today's room fits it.
          const maxBytes = Math.min(sender.claims.maxBytes, CREATION_UPLOAD_MAX_BYTES);
          const quotaCovers =
            incoming > 0 ? incoming : used.bytes + maxBytes <= quota.bytes ? maxBytes : 0;
          granted.set(request, { ...sender, quotaCovers });
        },
      },
      async (request, reply) => {
        const sender = granted.get(request);
        const { user, claims } = sender ?? (await authorise(request));
        const userId = user.id;
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (body.length > claims.maxBytes) throw AppError.rule(UPLOAD_MSG.fileTooLarge);
        const image = await inspectImage(body);
        const sha256 = createHash('sha256').update(body).digest('hex');
        const existing = await deps.db
          .selectFrom('uploads')
          .selectAll()
          .where('user_id', '=', userId)
          .where('sha256', '=', sha256)
          .executeTakeFirst();
        const answer = (
          row: { file_key: string; size: number; width: number; height: number; format: string },
          duplicate: boolean,
        ): UploadedFile => ({
          fileKey: row.file_key,
          sha256,
          size: row.size,
          width: row.width,
          height: row.height,
          format: row.format,
          duplicate,
        });
        if (existing) return reply.send({ code: 1, msg: '', data: answer(existing, true) });
        // The quota again, with the real size, unless the check before the body already covered it
        // (one query fewer per upload: it sums the day's upload rows).
        if (body.length > (sender?.quotaCovers ?? 0)) {
          await checkUploadQuota(deps.db, quotas, user, deps.now(), body.length);
        }
        const fileKey = `private/uploads/${userId}/${sha256.slice(0, 2)}/${sha256}.${image.format === 'jpeg' ? 'jpg' : image.format}`;
        await deps.storage.put(
          fileKey,
          body,
          FORMAT_TYPES[image.format] ?? 'application/octet-stream',
        );
        const row = {
          file_key: fileKey,
          size: body.length,
          width: image.width,
          height: image.height,
          format: image.format,
        };
        try {
          await deps.db
            .insertInto('uploads')
            .values({ user_id: userId, sha256, created_at: iso(deps.now()), ...row })
            .execute();
        } catch {
          // The same bytes arrived twice at once: the unique index kept one row; answer with it.
          const winner = await deps.db
            .selectFrom('uploads')
            .selectAll()
            .where('user_id', '=', userId)
            .where('sha256', '=', sha256)
            .executeTakeFirst();
          if (winner) return reply.send({ code: 1, msg: '', data: answer(winner, true) });
          throw new Error('upload row missing after a conflict');
        }
        return reply.send({ code: 1, msg: '', data: answer(row, false) });
      },
    );
  });
}
